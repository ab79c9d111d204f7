import QRCode from 'qrcode';
import { expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, isPhone, test } from './fixtures';

/**
 * Sharing a board in person: the share panel's link (copied with one press), its QR code and the printable
 * sheets, on a basketball and a baseball board screen. The journey only reads the boards it visits.
 */
test.describe('share panel', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  });

  for (const { path, slug, title } of [
    { path: '/game-board', slug: 'thunder-timberwolves', title: 'Thunder vs Timberwolves' },
    { path: '/dodgers-giants-game', slug: 'dodgers-giants', title: 'Dodgers vs Giants' },
  ]) {
    test(`${title}: copy the link, scan its QR code, open the printable sheets`, async ({ page, baseURL }) => {
      await page.goto(path);
      const panel = page.getByRole('region', { name: 'Share this board' });
      await panel.scrollIntoViewIfNeeded();
      const link = `${baseURL}/boards/${slug}`;
      await expect(panel.getByLabel('Board link')).toHaveValue(link);

      // The QR image has a fixed size (no layout shift when it loads) and encodes exactly that link.
      const qr = panel.getByRole('img', { name: `QR code that opens the ${title} board at ${link}` });
      await expect(qr).toBeVisible();
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const box = await qr.boundingBox();
      expect(box?.width).toBe(152);
      expect(box?.height).toBe(152);
      const svg = await page.request.get(`/api/boards/${slug}/qr.svg`);
      expect(svg.headers()['content-type']).toMatch(/^image\/svg\+xml/);
      expect(await svg.text()).toBe(await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }));

      // Copy from the keyboard: the link lands on the clipboard and the panel says so.
      const copy = panel.getByRole('button', { name: 'Copy' });
      await copy.focus();
      await page.keyboard.press('Enter');
      await expect(panel.getByRole('status')).toHaveText('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

      // Both sheets are one PDF each, opened in a new tab.
      for (const [size, name] of [
        ['letter', 'Letter'],
        ['a4', 'A4'],
      ] as const) {
        const sheet = panel.getByRole('link', { name: new RegExp(`^Printable sheet \\(${name}\\)`) });
        await expect(sheet).toHaveAttribute('href', `/api/boards/${slug}/sheet.pdf?size=${size}`);
        await expect(sheet).toHaveAttribute('target', '_blank');
        const pdf = await page.request.get(`/api/boards/${slug}/sheet.pdf?size=${size}`);
        expect(pdf.status()).toBe(200);
        expect(pdf.headers()['content-type']).toBe('application/pdf');
        expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
      }

      if (isPhone(page)) {
        // On a phone the buttons are big enough to tap and nothing scrolls sideways.
        const copyBox = await copy.boundingBox();
        expect(copyBox?.height).toBeGreaterThanOrEqual(44);
        await expectNoSidewaysScroll(page);
      }
      await expectNoSeriousA11yViolations(page);

      // The shared link opens the same board (titled by the game's teams as the board stores them).
      await page.goto(link);
      const [teamA, teamB] = title.split(' vs ');
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${teamA} vs .*${teamB}`) })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Share this board' }).getByLabel('Board link')).toHaveValue(link);
    });
  }
});
