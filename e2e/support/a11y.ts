import { AxeBuilder } from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/**
 * What the portal is held to: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices,
 * which is where it checks landmarks (one banner, one main, content inside them), heading
 * order and one level-1 heading per page.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One paragraph per rule broken: what, how bad, where (selector and markup), and the fix axe suggests. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map(
        (node) =>
          `    at ${node.target.join(' ')}\n      ${node.html}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
      );
      return `[${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
    })
    .join('\n\n');
}

/**
 * Runs axe on the whole page as it is now. A soft assertion: one run lists every screen's
 * violations, each under the screen's name, instead of stopping at the first screen.
 */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  // Colours are judged at rest: a button still fading in (Bootstrap's transitions) once read
  // as #73869e on white and failed contrast although its final colour passes.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect.soft(describeViolations(violations), `axe violations on ${where}`).toBe('');
}

/** What the focused element is and how it shows its focus. */
export interface FocusStop {
  /** Nothing has the focus: the document (the end of the page, or focus lost). */
  onBody: boolean;
  /** Tag, then id, name or text: enough to find it in a failure message. */
  label: string;
  /** An outline or a box-shadow is drawn around it that it has not without the focus. */
  indicator: boolean;
  /** It has a size and is not hidden: a person can see where the focus went. */
  visible: boolean;
  /** It had the focus before in this walk (the walk went round). */
  seen: boolean;
}

/** The focused element, marked as seen for the next calls (a WeakSet kept on the window). */
export function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(async () => {
    const holder = window as unknown as { a11ySeen?: WeakSet<Element> };
    const seenSet = (holder.a11ySeen ??= new WeakSet<Element>());
    const element = document.activeElement;
    if (!element || element === document.body || element === document.documentElement) {
      return { onBody: true, label: 'body', indicator: false, visible: false, seen: false };
    }
    // Fields fade their ring in (Bootstrap's 0.15 s transition): read the style it ends with.
    await Promise.all(
      element.getAnimations().map((animation) => animation.finished.catch(() => undefined)),
    );
    // A ring the element has also without the focus marks nothing: compare with an unfocused
    // twin (a shallow copy beside it, removed at once).
    const style = getComputedStyle(element);
    const twin = element.cloneNode(false) as HTMLElement;
    twin.removeAttribute('id');
    element.after(twin);
    const rest = getComputedStyle(twin);
    const restOutline = `${rest.outlineStyle} ${rest.outlineWidth} ${rest.outlineColor}`;
    const restShadow = rest.boxShadow;
    twin.remove();
    const outline =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) > 0 &&
      `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}` !== restOutline;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== restShadow;
    const rect = element.getBoundingClientRect();
    const visible =
      rect.width > 0 &&
      rect.height > 0 &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const name =
      element.id ||
      element.getAttribute('aria-label') ||
      element.getAttribute('name') ||
      (element.textContent ?? '').trim().slice(0, 40);
    const seen = seenSet.has(element);
    seenSet.add(element);
    return {
      onBody: false,
      label: `<${element.tagName.toLowerCase()}> ${name}`,
      indicator: outline || shadow,
      visible,
      seen,
    };
  });
}

/** Forgets the elements seen by earlier walks of this page. */
async function forgetSeen(page: Page): Promise<void> {
  await page.evaluate(() => {
    delete (window as unknown as { a11ySeen?: WeakSet<Element> }).a11ySeen;
  });
}

/**
 * Presses Tab from where the focus is until the focus leaves the page's last element or comes
 * round again, and answers every stop. Each stop must show a focus indicator and be visible,
 * and the walk must have reached every control of the page: focus that fell to <body> midway
 * would have ended it early.
 */
export async function walkWithTab(page: Page, where: string, maxStops = 250): Promise<FocusStop[]> {
  await forgetSeen(page);
  // Where the page put the focus (an autofocused field) is the walk's first stop.
  const start = await focusStop(page);
  const stops: FocusStop[] = start.onBody ? [] : [start];
  for (let step = 0; step < maxStops; step += 1) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    if (stop.onBody || stop.seen) break;
    stops.push(stop);
  }
  expect(stops.length, `${where}: Tab reached nothing`).toBeGreaterThan(0);
  expect(stops.length, `${where}: the Tab walk never ended`).toBeLessThan(maxStops);
  const hidden = stops.filter((stop) => !stop.visible).map((stop) => stop.label);
  expect.soft(hidden, `${where}: focused but not visible`).toEqual([]);
  const unmarked = stops.filter((stop) => !stop.indicator).map((stop) => stop.label);
  expect.soft(unmarked, `${where}: focused without a visible focus indicator`).toEqual([]);

  const missed = await page.evaluate(() => {
    const seenSet = (window as unknown as { a11ySeen?: WeakSet<Element> }).a11ySeen;
    const candidates = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, summary, [tabindex]',
    );
    return Array.from(candidates)
      .filter(
        (element) =>
          element.tabIndex >= 0 &&
          !element.matches(':disabled') &&
          !element.closest('[inert]') &&
          element.checkVisibility({ visibilityProperty: true }) &&
          !seenSet?.has(element),
      )
      .map((element) => element.outerHTML.slice(0, 120));
  });
  expect.soft(missed, `${where}: Tab never reached these (focus lost on the way?)`).toEqual([]);
  return stops;
}

/** Whether the focus is inside `container`. */
function focusInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

/**
 * Opens a dialog from `opener` with Enter, then checks that Tab and Shift+Tab keep the focus
 * inside it (once round and a bit more), with a visible indicator at every stop, and that
 * Escape closes it and gives the focus back to the opener.
 */
export async function expectDialogTrapsFocus(
  page: Page,
  opener: Locator,
  dialogName: string,
): Promise<void> {
  // An opener may wait for its screen's data (Invite user is disabled until the roles load):
  // Enter on a disabled button does nothing, so the dialog would never open.
  await expect(opener).toBeEnabled();
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  expect(await focusInside(dialog), `${dialogName}: the focus moved into the dialog`).toBe(true);

  const tabbable = await dialog.evaluate(
    (element) =>
      element.querySelectorAll(
        'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
      ).length,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let step = 0; step < tabbable + 2; step += 1) {
      await page.keyboard.press(key);
      const stop = await focusStop(page);
      expect(await focusInside(dialog), `${dialogName}: ${key} left the dialog`).toBe(true);
      expect.soft(stop.indicator, `${dialogName}: ${stop.label} shows no focus`).toBe(true);
    }
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener, `${dialogName}: the focus went back to its opener`).toBeFocused();
}

/** Waits for a dialog's fade-in to end, so colours are checked at full opacity. */
export async function dialogShown(page: Page, name: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  return dialog;
}

/** One stop of the Tab key inside a walked scope. */
export interface TabStop {
  /** What assistive technology reads there: the aria snapshot's first line (role "name"). */
  said: string;
  /** The accessible name alone ('' when the control has none). */
  name: string;
  /** Whether the element draws a focus ring it has not without the focus (see focusStop). */
  ring: boolean;
}

export interface TabWalk {
  stops: TabStop[];
  /** Controls of the scope (visible, enabled, not tabindex -1) that no Tab reached. */
  missed: string[];
}

/**
 * Presses Tab from where the focus is and records every stop inside `scope`: until the focus
 * leaves the scope after being in it (the end of the page's main region), or, for a dialog
 * (`trapped`), until it comes back to a stop it has seen. Motion is reduced first, so a ring is
 * read at its end state and not in the middle of Bootstrap's 150 ms transition.
 */
export async function walkByTab(
  page: Page,
  scope: Locator,
  { trapped = false, maxPresses = 80 } = {},
): Promise<TabWalk> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await scope.evaluate((root) => {
    let count = 0;
    const candidates = 'a[href], button, input, select, textarea, [tabindex]';
    for (const element of Array.from(root.querySelectorAll<HTMLElement>(candidates))) {
      delete element.dataset.tabControl;
      if (element.matches(':disabled') || element.tabIndex < 0 || !element.checkVisibility()) {
        continue;
      }
      element.dataset.tabControl = String(count++);
    }
  });
  const seen = new Set<string>();
  const stops: TabStop[] = [];
  let previous: string | undefined;
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press('Tab');
    const at = await scope.evaluate((root) => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement) || element === root || !root.contains(element)) {
        return undefined;
      }
      return element.dataset.tabControl ?? `unlisted ${element.outerHTML.slice(0, 100)}`;
    });
    if (at === undefined) {
      // A dialog's trap brings the focus back on the next Tab; the page's region has ended.
      if (!trapped && stops.length > 0) break;
      continue;
    }
    // A date or time input keeps the focus while Tab moves through its inner fields (day,
    // month, year, hours...): the same control again at once is not the walk coming round.
    const same = at === previous;
    previous = at;
    if (same) continue;
    if (seen.has(at)) break;
    seen.add(at);
    const said = (await page.locator(':focus').ariaSnapshot()).split('\n')[0] ?? '';
    const name = /^- [\w-]+ "(.*?)"/.exec(said)?.[1] ?? '';
    // One notion of a visible focus for every keyboard test: focusStop's.
    stops.push({ said, name, ring: (await focusStop(page)).indicator });
  }
  const missed = await scope.evaluate(
    (root, reached) =>
      Array.from(root.querySelectorAll<HTMLElement>('[data-tab-control]'))
        .filter((element) => !reached.includes(element.dataset.tabControl ?? ''))
        .map((element) => element.outerHTML.slice(0, 160)),
    [...seen],
  );
  return { stops, missed };
}

/**
 * Walks `scope` by Tab and checks what a keyboard user needs: every control reached, each with
 * a name and a visible ring, and the `expected` names among the stops (in any order).
 */
export async function expectKeyboardReach(
  page: Page,
  scope: Locator,
  expected: string[],
  options: { trapped?: boolean } = {},
): Promise<TabStop[]> {
  const walk = await walkByTab(page, scope, options);
  expect(walk.missed, 'controls no Tab reached').toEqual([]);
  expect(walk.stops.filter((stop) => stop.name === '')).toEqual([]);
  expect(walk.stops.filter((stop) => !stop.ring)).toEqual([]);
  expect(walk.stops.map((stop) => stop.name)).toEqual(expect.arrayContaining(expected));
  return walk.stops;
}
