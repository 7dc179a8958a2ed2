import { test, expect, maria, ANY_DB } from '../support/fixtures.ts';

/*
 * Issue #27: the hospital's financial assistance policy, published for
 * anyone (section 501(r)), and the 30-second estimate.
 */

test.describe('financial assistance', () => {
  test(
    'the login page leads to the policy, read without signing in, in English and Spanish (axe)',
    ANY_DB,
    async ({ page, axeInEveryLook }) => {
      await page.goto('/webpay/login');
      await page.getByRole('link', { name: 'Need help paying?' }).click();
      await expect(page).toHaveURL(/\/webpay\/financial-assistance$/);
      await expect(
        page.getByRole('heading', { name: 'Financial Assistance', level: 1 }),
      ).toBeVisible();
      await expect(page).toHaveTitle('Financial Assistance | WebPay');
      for (const title of [
        'Financial Assistance: A Plain-Language Summary',
        'How to Apply for Financial Assistance',
        'Financial Assistance Policy',
        'Amounts Generally Billed',
      ]) {
        await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
      }
      // The limits follow the guideline in effect: a household of 4, free care up to 200% of $33,000.
      const limits = page.getByRole('table');
      await expect(limits.getByRole('row', { name: /^4 / }).getByRole('cell').first()).toHaveText(
        '$66,000',
      );
      await expect(page.getByRole('link', { name: '(801) 555-0142' })).toHaveAttribute(
        'href',
        'tel:8015550142',
      );

      await page.getByRole('button', { name: 'Español' }).click();
      await expect(
        page.getByRole('heading', { name: 'Asistencia financiera', level: 1 }),
      ).toBeVisible();
      await expect(
        page.getByRole('heading', { name: 'Política de asistencia financiera', level: 2 }),
      ).toBeVisible();
      await expect(page.getByText(/^De lunes a viernes/)).toBeVisible();
      await page.getByRole('button', { name: 'English' }).click();

      await axeInEveryLook('the financial assistance page');
    },
  );

  test(
    'a household of 4 earning $40,000 is told free care is likely (121% of the 2026 guideline)',
    ANY_DB,
    async ({ page }) => {
      await page.goto('/webpay/financial-assistance');
      await page.getByRole('button', { name: 'See my estimate' }).click();
      await expect(page.getByText('Enter a number of people from 1 to 30.')).toBeVisible();
      await expect(
        page.getByText('Enter a yearly amount in dollars, such as 40000.'),
      ).toBeVisible();

      await page.getByLabel('People in your household').fill('4');
      await page.getByLabel('Household income per year, before taxes').fill('$40,000');
      await page.getByRole('button', { name: 'See my estimate' }).click();
      await expect(
        page.getByText(
          'Your household’s income is about 121% of the 2026 federal poverty guideline.',
        ),
      ).toBeVisible();
      await expect(page.getByText('You would likely qualify for free care.')).toBeVisible();

      await page.getByLabel('Household income per year, before taxes').fill('200000');
      await page.getByRole('button', { name: 'See my estimate' }).click();
      await expect(
        page.getByText(/above our discount limits, but you may still apply/),
      ).toBeVisible();
    },
  );

  test(
    'signed in, the dashboard and every screen’s footer lead there and back',
    ANY_DB,
    async ({ page, signInWithPin }) => {
      await signInWithPin(maria);
      await expect(page).toHaveURL(/\/webpay\/dashboard$/);
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: 'Financial Assistance' }),
      ).toBeVisible();
      await page.getByRole('link', { name: 'Need help paying?' }).click();
      await expect(
        page.getByRole('heading', { name: 'Financial Assistance', level: 1 }),
      ).toBeVisible();
      await page.getByRole('link', { name: 'Back to the Dashboard' }).click();
      await expect(page).toHaveURL(/\/webpay\/dashboard$/);
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    },
  );
});
