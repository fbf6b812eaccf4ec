/** Page-level navigation away from the portal, in one object so tests can replace it. */
export const leavePortal = {
  to(url: string): void {
    window.location.assign(url);
  },
};
