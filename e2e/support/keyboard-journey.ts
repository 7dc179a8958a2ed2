import { expect, type Locator, type Page } from '@playwright/test';
import { SANDBOX_CARD_DETAILS, SANDBOX_TEST_CARDS } from '@webpay/server/testkit/instruments';
import { maria } from './fixtures.ts';

/*
 * WCAG 2.1.1, 2.1.2, 2.4.3 and 2.4.7: the whole way from signing in to signing
 * out with the keyboard alone, in either language. Nothing here clicks or
 * fills: every step is a key press, and the page is only read to know where
 * focus has gone. Maria pays 107-40010002, which no other browser test counts
 * pending payments on.
 */

/** The most Tab presses any one step may take on Maria's dashboard. */
const MAX_TABS = 80;

interface FocusLook {
  tag: string;
  name: string;
  visible: boolean;
  outline: string;
  boxShadow: string;
}

/**
 * What a sighted keyboard user sees of the focused element: an outline, or a
 * ring (a box shadow with no blur and a spread of 2px or more), on the element
 * or on the wrapper that draws it (a radio's label).
 */
async function focusLook(page: Page): Promise<FocusLook> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return { tag: 'body', name: '', visible: false, outline: '', boxShadow: '' };
    }
    const ring = /0px 0px 0px ([2-9]|\d\d)(\.\d+)?px/;
    const drawsFocus = (candidate: Element) => {
      const style = getComputedStyle(candidate);
      const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
      return outlined || ring.test(style.boxShadow);
    };
    let drawn = drawsFocus(element);
    for (let up = element.parentElement, level = 0; !drawn && up && level < 3; level += 1) {
      drawn = up.matches(':has(:focus-visible)') && drawsFocus(up);
      up = up.parentElement;
    }
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    const onScreen =
      box.width > 0 &&
      box.height > 0 &&
      box.bottom > 0 &&
      box.right > 0 &&
      box.top < window.innerHeight &&
      box.left < window.innerWidth;
    return {
      tag: element.tagName.toLowerCase(),
      name: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 60) ?? '',
      visible: onScreen && drawn,
      outline: `${style.outlineStyle} ${style.outlineWidth}`,
      boxShadow: style.boxShadow,
    };
  });
}

/** Fails unless the focused element is on screen and shows a focus indicator. */
async function expectVisibleFocus(page: Page) {
  const look = await focusLook(page);
  // The card processor's frame draws its own focus; our page is what is checked here.
  // Focus on the body is the browser's stop between the last control and the first.
  if (look.tag === 'iframe' || look.tag === 'body') return;
  expect(
    look.visible,
    `focus indicator on ${look.tag} "${look.name}" (outline ${look.outline}, shadow ${look.boxShadow})`,
  ).toBe(true);
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking the indicator at every stop. */
export async function tabTo(page: Page, target: Locator, options: { backwards?: boolean } = {}) {
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    await page.keyboard.press(key);
    await expectVisibleFocus(page);
    if (await isFocused(target)) return;
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

/** Tabs round the dialog more than once each way; focus must never leave it. */
export async function expectFocusTrapped(page: Page, dialog: Locator) {
  const stops = await dialog.evaluate(
    (element) =>
      element.querySelectorAll(
        'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
      ).length,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let presses = 0; presses < stops + 2; presses += 1) {
      await page.keyboard.press(key);
      expect(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        `${key} #${presses + 1} stays in the dialog`,
      ).toBe(true);
    }
  }
}

/** The names of the controls the journey reaches, in the language on screen. */
export interface JourneyWords {
  signIn: string;
  accountNumber: string;
  showPlan: string;
  hidePlan: string;
  amountField: string;
  paymentBar: string;
  payNow: string;
  paymentDialog: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  accountEmail: string;
  noEmail: string;
  card: string;
  pay: string;
  receipt: string;
  print: string;
  logOut: string;
}

/** Sign in by PIN, open a plan, pay $2.50 by card, print the receipt, sign out. */
export async function payByKeyboard(page: Page, words: JourneyWords): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as Window & { printed?: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed = (counted.printed ?? 0) + 1;
    };
  });

  await page.goto('/webpay/login/pin');
  await expect(page.getByRole('button', { name: words.signIn })).toBeVisible();
  await tabTo(page, page.getByLabel(words.accountNumber));
  await page.keyboard.type(maria.accountNumber);
  await tabTo(page, page.getByLabel('PIN', { exact: true }));
  await page.keyboard.type(maria.pin);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/webpay\/dashboard$/);

  // A plan opens with the keyboard.
  const planToggle = page.getByRole('button', { name: words.showPlan });
  await expect(planToggle).toBeVisible();
  await tabTo(page, planToggle);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: words.hidePlan })).toHaveAttribute(
    'aria-expanded',
    'true',
  );

  // The encounters table comes before the plans: back up to the amount field.
  const amount = page.getByRole('textbox', { name: words.amountField });
  await tabTo(page, amount, { backwards: true });
  await page.keyboard.type('2.50');
  await expect(amount).toHaveValue('2.50');

  const payNow = page
    .getByRole('region', { name: words.paymentBar })
    .getByRole('button', { name: words.payNow });
  await tabTo(page, payNow);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: words.paymentDialog });
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  await expectFocusTrapped(page, dialog);

  // Escape closes it and focus goes back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(payNow).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();

  await tabTo(page, dialog.getByRole('textbox', { name: words.address }));
  await page.keyboard.type('12 Canyon Rd');
  await tabTo(page, dialog.getByRole('textbox', { name: words.city }));
  await page.keyboard.type('Salt Lake City');
  const state = dialog.getByRole('combobox', { name: words.state });
  await tabTo(page, state);
  // A closed select picks the option whose name starts with what is typed.
  await page.keyboard.type('Utah');
  await expect(state).toHaveValue('UT');
  await tabTo(page, dialog.getByRole('textbox', { name: words.zipCode }));
  await page.keyboard.type('84101');

  // Arrow keys move within a radio group; no copy of the receipt is e-mailed.
  const account = dialog.getByRole('radio', { name: words.accountEmail });
  await tabTo(page, account);
  const noEmail = dialog.getByRole('radio', { name: words.noEmail });
  for (let presses = 0; presses < 3 && !(await noEmail.isChecked()); presses += 1) {
    await page.keyboard.press('ArrowUp');
  }
  await expect(noEmail).toBeChecked();
  await expect(noEmail).toBeFocused();
  await expect(dialog.getByRole('radio', { name: words.card })).toBeChecked();

  await tabTo(page, dialog.getByRole('button', { name: words.pay }));
  await page.keyboard.press('Enter');

  // The card window takes focus on the card number; Tab and Enter work in it too.
  const cardWindow = page.frameLocator('iframe[title="Card payment"]');
  const cardNumber = cardWindow.getByLabel('Card number');
  await expect(cardNumber).toBeFocused();
  await page.keyboard.type(SANDBOX_TEST_CARDS.visa.number);
  await page.keyboard.press('Tab');
  await expect(cardWindow.getByLabel('Expiry date (MM/YY)')).toBeFocused();
  await page.keyboard.type(SANDBOX_CARD_DETAILS.expiry);
  await page.keyboard.press('Tab');
  await expect(cardWindow.getByLabel('Security code (CVV)')).toBeFocused();
  await page.keyboard.type(SANDBOX_CARD_DETAILS.cvv);
  await page.keyboard.press('Enter');

  const receipt = page.getByRole('dialog', { name: words.receipt });
  await expect(receipt).toContainText('$2.50');
  await expect
    .poll(() => receipt.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  await expectFocusTrapped(page, receipt);

  await tabTo(page, receipt.getByRole('button', { name: words.print }));
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.evaluate(() => (window as Window & { printed?: number }).printed))
    .toBe(1);

  // The opener was cleared with the amounts, so focus lands on the main content, not the top.
  await page.keyboard.press('Escape');
  await expect(receipt).toBeHidden();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Boolean(document.getElementById('main-content')?.contains(document.activeElement)),
      ),
    )
    .toBe(true);

  const logOut = page.getByRole('button', { name: words.logOut });
  await tabTo(page, logOut, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/webpay\/login/);
}
