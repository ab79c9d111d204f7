import type { Page } from '@playwright/test';

/**
 * Geometry checks of a rendered screen, all in one `page.evaluate` so a screen costs one round trip. Each answers
 * a list of problems in words (empty when the screen is fine). The rules:
 *
 * - **Overlap**: no two visible interactive elements (a, button, input, select, textarea, [role=button],
 *   [tabindex]) intersect by more than 1 px both ways, unless one contains the other. Elements in fixed or sticky
 *   layers are left to the covering rule below; invisible ones (no box, `visibility: hidden`, opacity 0, the
 *   1 px screen-reader-only text) are not targets.
 * - **Target size** (WCAG 2.2, 2.5.8 minimum): every target is at least 24×24 px, or a 24 px circle on its centre
 *   touches no other target and no other small target's circle. A link inside a sentence (inline, with text of
 *   its parent around it) is exempt, as WCAG exempts it.
 * - **Covering**: a fixed or sticky element narrower than the window (a floating button, a badge; a full-width
 *   bar such as the site header is what content scrolls under, like the window's edge) covers no interactive
 *   element and no text outside itself, both at the default scroll and at the bottom of the page.
 * - **Clipped text**: an element with text of its own whose text is wider than its box, cut off by `overflow:
 *   hidden` or `clip`, is clipped, unless it is cut short on purpose: `text-overflow: ellipsis` on a block (so
 *   the ellipsis shows; a flex or grid box cuts without one) with the full text in its `title`.
 */
export interface LayoutCheckOptions {
  /** Which rules to run (all by default). */
  rules?: ReadonlyArray<'overlap' | 'target-size' | 'covering' | 'clipped-text'>;
}

export async function layoutProblems(page: Page, options: LayoutCheckOptions = {}): Promise<string[]> {
  const rules = options.rules ?? ['overlap', 'target-size', 'covering', 'clipped-text'];
  return page.evaluate(async (rules) => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const interactiveSelector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])';
    const name = (el: Element) => {
      const id = el.getAttribute('data-testid') ?? el.id;
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id ? ` #${id}` : ''}> "${text}"`;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) return false;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
      return !el.closest('[aria-hidden="true"], [inert]');
    };
    /** In a fixed or sticky layer (itself or an ancestor). */
    const layered = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const p = getComputedStyle(e).position;
        if (p === 'fixed' || p === 'sticky') return true;
      }
      return false;
    };
    const related = (a: Element, b: Element) => a.contains(b) || b.contains(a);
    const overlap = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    const targets = () => [...document.querySelectorAll(interactiveSelector)].filter(visible);
    const ownText = (el: Element) =>
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

    if (rules.includes('overlap')) {
      const flat = targets().filter((el) => !layered(el));
      const boxes = flat.map((el) => el.getBoundingClientRect());
      for (let i = 0; i < flat.length; i++) {
        for (let j = i + 1; j < flat.length; j++) {
          const a = flat[i] as Element;
          const b = flat[j] as Element;
          if (!related(a, b) && overlap(boxes[i] as DOMRect, boxes[j] as DOMRect)) {
            problems.push(`overlap: ${name(a)} and ${name(b)}`);
          }
        }
      }
    }

    if (rules.includes('target-size')) {
      const all = targets();
      const boxes = all.map((el) => el.getBoundingClientRect());
      const inSentence = (el: Element) => {
        if (getComputedStyle(el).display !== 'inline') return false;
        const parent = el.parentElement;
        return !!parent && (parent.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
      };
      const small = all.map((el, i) => {
        const r = boxes[i] as DOMRect;
        return (r.width < 24 || r.height < 24) && !inSentence(el);
      });
      const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
      const distanceToBox = (p: { x: number; y: number }, r: DOMRect) =>
        Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
      all.forEach((el, i) => {
        if (!small[i]) return;
        const r = boxes[i] as DOMRect;
        const c = centre(r);
        const crowd = all.find((other, j) => {
          if (j === i || related(el, other)) return false;
          const o = boxes[j] as DOMRect;
          if (distanceToBox(c, o) < 12) return true;
          const oc = centre(o);
          return small[j] === true && Math.hypot(c.x - oc.x, c.y - oc.y) < 24;
        });
        if (crowd) {
          problems.push(
            `target-size: ${name(el)} is ${Math.round(r.width)}x${Math.round(r.height)} px, too close to ${name(crowd)}`,
          );
        }
      });
    }

    if (rules.includes('covering')) {
      const check = (where: string) => {
        const floating = [...document.querySelectorAll('body *')].filter((el) => {
          const p = getComputedStyle(el).position;
          return (p === 'fixed' || p === 'sticky') && visible(el) && el.getBoundingClientRect().width < vw * 0.9;
        });
        if (floating.length === 0) return;
        const covered = [...document.querySelectorAll('body *')].filter(
          (el) => (el.matches(interactiveSelector) || ownText(el)) && visible(el),
        );
        for (const f of floating) {
          const fr = f.getBoundingClientRect();
          for (const el of covered) {
            if (related(f, el) || layered(el)) continue;
            if (overlap(fr, el.getBoundingClientRect()))
              problems.push(`covering (${where}): ${name(f)} covers ${name(el)}`);
          }
        }
      };
      const start = window.scrollY;
      check('default scroll');
      window.scrollTo(0, document.documentElement.scrollHeight);
      await frame();
      check('bottom of the page');
      window.scrollTo(0, start);
      await frame();
    }

    if (rules.includes('clipped-text')) {
      for (const el of document.querySelectorAll('body *')) {
        if (!ownText(el) || !visible(el)) continue;
        const style = getComputedStyle(el);
        if (!['hidden', 'clip'].includes(style.overflowX)) continue;
        if (el.scrollWidth <= el.clientWidth + 1) continue;
        const block = !/flex|grid/.test(style.display);
        const onPurpose = style.textOverflow === 'ellipsis' && block && el.hasAttribute('title');
        if (!onPurpose)
          problems.push(`clipped-text: ${name(el)} (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
      }
    }
    return problems;
  }, rules);
}
