import type { Locator, Page } from '@playwright/test';
import { formatDate } from '@webpay/contracts/dates';
import type { StatementSummary } from '@webpay/contracts/statements';
import { test, expect, maria, ANY_DB } from '../support/fixtures.ts';
import { languages, readIn } from '../support/looks.ts';
import { fillBillingDetails, openPaymentDialog } from '../support/payment-dialog.ts';

/*
 * WCAG checks axe cannot make: reflow, reduced motion, target size, status
 * messages, errors tied to their fields, and colour never the only signal.
 * Maria's payments are only started here, never sent.
 */

const SERVICE = '**/api/v1/services/rcm-webpay-service';
const CONTACT_PAGE_CODE = /\/webpay\/assets\/contact\.lazy-[^/]+\.js$/;

async function signIn(page: Page, signInWithPin: (who: typeof maria) => Promise<void>) {
  await signInWithPin(maria);
  await expect(
    page.getByRole('region', { name: 'Pending Encounters' }).getByText('107-40010001'),
  ).toBeVisible();
}

/** The widest thing on the page, to name what scrolls sideways when something does. */
async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const widest = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 3)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 60)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, widest };
  });
}

/**
 * WCAG 2.5.8 Target Size (Minimum): every control is at least 24 × 24 CSS px,
 * or a 24 px circle centred on it reaches no other control (the spacing
 * exception), or it is a link inside a sentence (the inline exception). A
 * native radio or checkbox counts with the label that wraps it.
 */
async function smallTargets(page: Page, scope: string) {
  return page.evaluate((scopeSelector) => {
    const root = document.querySelector(scopeSelector) ?? document.body;
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"], [tabindex="0"]';
    // A skip link is clipped out of sight until it has focus, and then it is large.
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const clipped = style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)';
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !clipped;
    };
    const inSentence = (element: Element) => {
      if (element.tagName !== 'A' || !element.parentElement) return false;
      const own = element.textContent?.trim().length ?? 0;
      const around = element.parentElement.textContent?.trim().length ?? 0;
      return around > own && getComputedStyle(element).display === 'inline';
    };
    const targets = Array.from(root.querySelectorAll(selector))
      .filter(visible)
      .filter((element) => !element.closest('[aria-hidden="true"], [inert]'))
      .map((element) => {
        const wrapper =
          element instanceof HTMLInputElement &&
          (element.type === 'radio' || element.type === 'checkbox')
            ? (element.closest('label') ?? element)
            : element;
        const box = wrapper.getBoundingClientRect();
        const name =
          element.getAttribute('aria-label') ??
          (element.textContent?.trim() || (element as HTMLInputElement).name || element.id);
        return { element, box, name, inline: inSentence(element) };
      });
    const small = targets.filter(
      (target) => !target.inline && (target.box.width < 23.5 || target.box.height < 23.5),
    );
    const centre = (box: DOMRect) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
    const distanceToBox = (point: { x: number; y: number }, box: DOMRect) => {
      const dx = Math.max(box.left - point.x, 0, point.x - box.right);
      const dy = Math.max(box.top - point.y, 0, point.y - box.bottom);
      return Math.hypot(dx, dy);
    };
    return small
      .filter((target) => {
        const here = centre(target.box);
        return targets.some((other) => {
          if (other === target || other.element.contains(target.element)) return false;
          if (target.element.contains(other.element)) return false;
          if (small.includes(other)) {
            const there = centre(other.box);
            return Math.hypot(here.x - there.x, here.y - there.y) < 24;
          }
          return distanceToBox(here, other.box) < 12;
        });
      })
      .map(
        (target) =>
          `${target.element.tagName.toLowerCase()} "${target.name}" ${Math.round(target.box.width)}×${Math.round(target.box.height)}`,
      );
  }, scope);
}

/** WCAG 3.3.1 and 1.3.1: each invalid field says so and is described by its visible error. */
async function expectErrorsTiedToFields(scope: Locator, label: string) {
  const problems = await scope.evaluate((root) => {
    const invalid = Array.from(root.querySelectorAll('[aria-invalid="true"]'));
    if (invalid.length === 0) return ['no field is marked invalid'];
    return invalid.flatMap((field) => {
      const name = field.getAttribute('name') ?? field.id;
      const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const texts = ids
        .map((id) => document.getElementById(id))
        .filter((element): element is HTMLElement => element !== null)
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => element.textContent?.trim() ?? '');
      return texts.some((text) => text !== '') ? [] : [`${name}: no visible error describes it`];
    });
  });
  expect(problems, label).toEqual([]);
}

/** WCAG 4.1.3: a status message sits in a live region, so it is read without taking focus. */
async function expectInLiveRegion(message: Locator, label: string) {
  await expect(message).toBeVisible();
  const live = await message.evaluate((element) =>
    Boolean(
      element.closest(
        '[aria-live="polite"], [aria-live="assertive"], [role="status"], [role="alert"], [role="log"]',
      ),
    ),
  );
  expect(live, `${label} is in a live region`).toBe(true);
}

test.describe('WCAG checks beyond axe', ANY_DB, () => {
  test('reflow: nothing scrolls sideways at 320 px, nor at 200% zoom of a 1280 px screen, in either language', async ({
    page,
    signInWithPin,
  }) => {
    test.setTimeout(90_000);
    // 1.4.10 Reflow at 320 CSS px; 1.4.4 Resize Text: 200% of 1280 × 800 is 640 × 400 CSS px.
    const widths = [
      { width: 320, height: 640 },
      { width: 640, height: 400 },
    ];
    // Spanish words run longer than English ones, so each screen is checked in both.
    const check = async (screen: string) => {
      for (const language of languages) {
        await readIn(page, language);
        for (const size of widths) {
          await page.setViewportSize(size);
          await expect
            .poll(() => horizontalOverflow(page), {
              message: `${screen} in ${language} at ${size.width} px`,
            })
            .toMatchObject({ scrollWidth: size.width });
        }
      }
      await readIn(page, 'en');
    };

    for (const path of ['/webpay/login', '/webpay/login/pin', '/webpay/login/signup']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await check(path);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, signInWithPin);
    await check('dashboard');
    await page.getByRole('button', { name: 'Show details for plan PP-7001-1' }).click();
    await check('dashboard, plan open');
    await page.getByRole('tab', { name: /Central Lab/ }).click();
    await check('dashboard, Central Lab');
    await page.getByRole('tab', { name: /Hospitals & Clinics/ }).click();
    await openPaymentDialog(page);
    await check('payment dialog');
    await page.keyboard.press('Escape');
    for (const path of ['/webpay/statements', '/webpay/payments', '/webpay/contact']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await check(path);
    }
  });

  test('reduced motion: nothing animates or transitions', async ({ page, signInWithPin }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const moving = () =>
      page.evaluate(() => {
        const seconds = (value: string) =>
          Math.max(
            ...value.split(',').map((part) => {
              const number = parseFloat(part);
              return part.trim().endsWith('ms') ? number / 1000 : number;
            }),
          );
        return Array.from(document.querySelectorAll<HTMLElement>('*'))
          .filter((element) => {
            const style = getComputedStyle(element);
            const animated =
              style.animationName !== 'none' && seconds(style.animationDuration) > 0.01;
            const transitioned =
              style.transitionProperty !== 'none' && seconds(style.transitionDuration) > 0.01;
            return animated || transitioned;
          })
          .slice(0, 5)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString()}`);
      });

    await page.goto('/webpay/login/pin');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await moving(), 'sign-in').toEqual([]);
    await signIn(page, signInWithPin);
    expect(await moving(), 'dashboard').toEqual([]);
    await page.getByRole('button', { name: 'About custom payments' }).click();
    await expect(page.getByRole('dialog', { name: 'About custom payments' })).toBeVisible();
    expect(await moving(), 'popover').toEqual([]);
    await page.keyboard.press('Escape');
    await openPaymentDialog(page);
    expect(await moving(), 'payment dialog').toEqual([]);
    await page.keyboard.press('Escape');

    await page.route(`${SERVICE}/statements/*/pdf`, (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'broken' }),
    );
    await page.goto('/webpay/statements');
    await page
      .getByRole('button', { name: /^Download PDF of the statement of / })
      .first()
      .click();
    await expect(page.getByText(/^We could not download your statement/)).toBeVisible();
    expect(await moving(), 'toast').toEqual([]);
  });

  test('target size: every control is 24 × 24 px or spaced as WCAG 2.5.8 allows', async ({
    page,
    signInWithPin,
  }) => {
    test.setTimeout(90_000);
    const found: Record<string, string[]> = {};
    const check = async (screen: string, scope = 'body') => {
      for (const size of [
        { width: 390, height: 844 },
        { width: 1440, height: 900 },
      ]) {
        await page.setViewportSize(size);
        const small = await smallTargets(page, scope);
        if (small.length > 0) found[`${screen}, ${size.width} px`] = small;
      }
    };

    for (const path of [
      '/webpay/login',
      '/webpay/login/pin',
      '/webpay/login/email',
      '/webpay/login/signup',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await check(path);
    }
    await signIn(page, signInWithPin);
    await page.getByRole('button', { name: 'Show details for plan PP-7001-1' }).click();
    await check('dashboard');
    await page.getByRole('tab', { name: /Central Lab/ }).click();
    await check('dashboard, Central Lab');
    await page.getByRole('tab', { name: /Hospitals & Clinics/ }).click();
    const dialog = await openPaymentDialog(page);
    await dialog.getByRole('radio', { name: 'eCheck' }).check();
    await check('payment dialog', '[role="dialog"]');
    await page.keyboard.press('Escape');
    for (const path of ['/webpay/statements', '/webpay/payments', '/webpay/contact']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await check(path);
    }
    await page.getByRole('link', { name: 'Payments' }).first().click();
    await page.getByRole('button', { name: 'View receipt R-8101' }).click();
    await expect(page.getByRole('dialog', { name: 'Payment Receipt' })).toBeVisible();
    await check('receipt dialog', '[role="dialog"]');
    expect(found).toEqual({});
  });

  test('status messages are live regions: toasts, Copied!, payment progress, connection', async ({
    page,
    context,
    signInWithPin,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, signInWithPin);

    // Starting a card payment: the request is held, so nothing is ever charged.
    const dialog = await openPaymentDialog(page);
    await page.route(`${SERVICE}/payments/init`, () => new Promise<void>(() => undefined));
    await fillBillingDetails(dialog);
    await dialog.getByRole('button', { name: 'Pay $1.00' }).click();
    await expectInLiveRegion(dialog.getByText('Opening the secure card window…'), 'processing');

    // A toast.
    await page.route(`${SERVICE}/statements/*/pdf`, (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'broken' }),
    );
    const answer = page.waitForResponse((response) =>
      new URL(response.url()).pathname.endsWith('/rcm-webpay-service/statements'),
    );
    await page.goto('/webpay/statements');
    const { statements } = (await (await answer).json()) as { statements: StatementSummary[] };
    const first = statements[0] as StatementSummary;
    await page
      .getByRole('button', {
        name: `Download PDF of the statement of ${formatDate(first.statementDate)}`,
      })
      .click();
    await expectInLiveRegion(
      page.getByText(`We could not download your statement of ${formatDate(first.statementDate)}`, {
        exact: false,
      }),
      'toast',
    );

    // The error screen: the connection state, and 'Copied!' beside the technical details.
    await page.route(CONTACT_PAGE_CODE, (route) => route.abort('internetdisconnected'));
    await page.goto('/webpay/contact');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Connection Error' })).toBeVisible();
    await expectInLiveRegion(main.getByText('You are online'), 'connection state');
    await main.getByRole('button', { name: 'Technical details' }).click();
    await main
      .getByRole('button', { name: /^Copy / })
      .first()
      .click();
    await expectInLiveRegion(main.getByText('Copied!'), 'Copied!');
  });

  test('form errors are tied to their fields', async ({ page, signInWithPin }) => {
    for (const [path, submit] of [
      ['/webpay/login', 'Email me a sign-in link'],
      ['/webpay/login/pin', 'Sign in'],
      ['/webpay/login/email', 'Send code'],
      ['/webpay/login/signup', 'Sign up'],
      ['/webpay/verify/code?guarantorId=g-1&verificationId=v-1&email=a%40example.com', 'Verify'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('button', { name: submit }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectErrorsTiedToFields(page.locator('main'), path);
    }

    await signIn(page, signInWithPin);
    await page.getByRole('tab', { name: /Central Lab/ }).click();
    await page.getByRole('textbox', { name: 'Payment amount for 153-80002' }).fill('99');
    await expectErrorsTiedToFields(page.getByRole('tabpanel'), 'amount over the balance');

    await page.getByRole('tab', { name: /Hospitals & Clinics/ }).click();
    const dialog = await openPaymentDialog(page);
    await dialog.getByRole('textbox', { name: 'First name' }).fill('');
    await dialog.getByRole('radio', { name: 'eCheck' }).check();
    await dialog.getByRole('button', { name: 'Pay $1.00' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Address' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectErrorsTiedToFields(dialog, 'payment dialog');
    // The first field in error takes focus.
    await expect(dialog.getByRole('textbox', { name: 'First name' })).toBeFocused();
    await page.keyboard.press('Escape');

    await page.goto('/webpay/payments');
    await page.getByLabel('From', { exact: true }).fill('2026-08-01');
    await page.getByLabel('To', { exact: true }).fill('2026-07-01');
    await page.getByRole('button', { name: 'Show payments' }).click();
    await expectErrorsTiedToFields(page.locator('main'), 'payment dates');
  });

  test('colour is never the only signal: badges and warnings carry words', async ({
    page,
    signInWithPin,
  }) => {
    const badgesWithoutWords = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-slot="badge"]'))
          .filter((badge) => badge.getClientRects().length > 0)
          .filter((badge) => (badge.textContent ?? '').trim() === '')
          .map((badge) => badge.outerHTML.slice(0, 120)),
      );

    await signIn(page, signInWithPin);
    const plans = page.getByRole('table', { name: 'Encounters in Payment Plan' });
    const active = plans.getByRole('row').filter({ hasText: 'PP-7001-1' });
    await expect(active).toContainText('Active');
    // Overdue says so in words, not only in red.
    await expect(active).toContainText('Overdue');
    await expect(plans.getByRole('row').filter({ hasText: 'PP-7002-3' })).toContainText('Broken');
    await expect(page.getByRole('region', { name: 'Past Due' })).toContainText(
      'Overdue Payment Plans',
    );
    // The red count on each tab is part of its name.
    await expect(page.getByRole('tab', { name: 'Central Lab 2 items' })).toBeVisible();
    expect(await badgesWithoutWords(), 'dashboard').toEqual([]);

    await page.getByRole('tab', { name: /Central Lab/ }).click();
    await page.getByRole('textbox', { name: 'Payment amount for 153-80002' }).fill('99');
    await expect(page.getByText('Amount exceeds balance')).toBeVisible();

    for (const path of ['/webpay/statements', '/webpay/payments']) {
      await page.goto(path);
      await expect(page.getByRole('table').first()).toBeVisible();
      await expect(page.locator('[data-slot="badge"]').first()).toBeVisible();
      expect(await badgesWithoutWords(), path).toEqual([]);
    }
  });
});
