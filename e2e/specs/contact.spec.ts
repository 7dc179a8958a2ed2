import type { Page } from '@playwright/test';
import type { ContactInfo } from '@webpay/contracts/config';
import { FALLBACK_SUPPORT_PHONE } from '@webpay/server/testkit/demo';
import { test, expect, ANY_DB, maria, james, type DemoSignIn } from '../support/fixtures.ts';

/** `tel:` form of a phone number as people write it. */
function tel(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** Signs in and opens /contact, returning what the service told the page. */
async function openContact(
  page: Page,
  signInWithPin: (who: DemoSignIn) => Promise<void>,
  who: DemoSignIn,
): Promise<ContactInfo> {
  await signInWithPin(who);
  await expect(page).toHaveURL(/\/webpay\/dashboard$/);
  const answer = page.waitForResponse((response) =>
    new URL(response.url()).pathname.endsWith('/config/contactInfo'),
  );
  await page.goto('/webpay/contact');
  return (await (await answer).json()) as ContactInfo;
}

test.describe('contact', () => {
  test("Maria sees her own support phone, the billing e-mail and every facility's contacts", async ({
    page,
    signInWithPin,
  }) => {
    const contact = await openContact(page, signInWithPin, maria);
    await expect(page).toHaveTitle('Contact | WebPay');
    await expect(page.getByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible();

    const office = page.getByRole('region', { name: 'Your billing office' });
    await expect(office.getByRole('link', { name: '(801) 555-0142' })).toHaveAttribute(
      'href',
      'tel:8015550142',
    );
    await expect(office.getByRole('link', { name: contact.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${contact.supportEmail}`,
    );

    expect(contact.facilities.map((facility) => facility.id)).toEqual([
      '107',
      '153',
      '221',
      '753',
      '990',
    ]);
    for (const facility of contact.facilities) {
      const card = page.getByRole('region', { name: facility.name, exact: true });
      await expect(card.getByRole('link', { name: facility.phone })).toHaveAttribute(
        'href',
        tel(facility.phone),
      );
      await expect(card).toContainText(facility.hours);
      await expect(card).toContainText(facility.address);
      await expect(card.getByRole('link', { name: facility.email })).toHaveAttribute(
        'href',
        `mailto:${facility.email}`,
      );
    }
  });

  test('James, without the historical-data role, gets the page and the fallback phone', async ({
    page,
    signInWithPin,
  }) => {
    const contact = await openContact(page, signInWithPin, james);
    await expect(page).toHaveURL(/\/webpay\/contact$/);
    expect(contact.supportPhone).toBe(FALLBACK_SUPPORT_PHONE);
    await expect(
      page
        .getByRole('region', { name: 'Your billing office' })
        .getByRole('link', { name: FALLBACK_SUPPORT_PHONE }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Home Care', exact: true })).toContainText(
      '(801) 555-0221',
    );
  });

  test(
    'a failed load keeps the support phone on screen and offers a retry',
    ANY_DB,
    async ({ page, signInWithPin }) => {
      await signInWithPin(maria);
      await expect(page).toHaveURL(/\/webpay\/dashboard$/);
      let fail = true;
      await page.route('**/rcm-webpay-service/config/contactInfo', (route) =>
        fail
          ? route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' })
          : route.fallback(),
      );
      await page.goto('/webpay/contact');
      await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({
        timeout: 15_000,
      });
      await expect(
        page
          .getByRole('region', { name: 'Your billing office' })
          .getByRole('link', { name: '(801) 555-0142' }),
      ).toBeVisible();
      fail = false;
      await page.getByRole('button', { name: 'Try Again' }).click();
      await expect(page.getByRole('region', { name: 'Central Lab', exact: true })).toBeVisible();
    },
  );
});

test.describe('contact: WCAG 2.1 A and AA (axe)', () => {
  test('contact page, in every look', async ({ page, signInWithPin, axeInEveryLook }) => {
    test.setTimeout(60_000);
    await openContact(page, signInWithPin, maria);
    await expect(
      page.getByRole('region', { name: 'Medical Equipment', exact: true }),
    ).toBeVisible();
    await axeInEveryLook('contact');
  });
});
