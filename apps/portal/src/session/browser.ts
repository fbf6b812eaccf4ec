/** The page-level effects of the session, in one object so tests can replace them. */
export const browser = {
  reload(): void {
    window.location.reload();
  },
};
