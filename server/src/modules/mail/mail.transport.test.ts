import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../../../test/support/mail-catcher.ts';
import { parseMessage } from '../../../test/support/mime.ts';
import { freePort } from '../../../test/support/test-server.ts';
import { MailService } from './mail.service.ts';
import {
  MailDeliveryError,
  createMailTransport,
  smtpUrlWithDefaults,
  type MailLog,
} from './mail.transport.ts';

const branding = {
  providerName: 'Wasatch Valley Health',
  portalName: 'WebPay',
  supportEmail: 'billing@wasatchvalleyhealth.example',
  supportPhone: '(801) 555-0100',
  accentColor: '#0f766e',
};

function recordingLog() {
  const lines: { level: string; fields: object; message: string }[] = [];
  const log: MailLog = {
    info: (fields, message) => lines.push({ level: 'info', fields, message }),
    warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
  };
  return { lines, log };
}

describe('the local outbox', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'webpay-outbox-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file and logs one line naming it and its code', async () => {
    const outboxDir = path.join(dataDir, 'outbox');
    const { lines, log } = recordingLog();
    const from = '"Wasatch Valley Health" <billing@wasatchvalleyhealth.example>';
    const mail = new MailService(createMailTransport({ outboxDir, from, log }), branding, log);
    expect(mail.mode).toBe('outbox');

    const sent = await mail.deliver(
      mail.signInCode('maria.garcia@example.com', {
        firstName: 'Maria',
        code: '482913',
        lifetimeMinutes: 10,
      }),
    );
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-email-code-[0-9a-f]{6}\.eml$/);
    const file = path.join(outboxDir, files[0] ?? '');
    expect(sent.file).toBe(file);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const message = parseMessage(await readFile(file, 'utf8'));
    expect(message.subject).toBe('Your WebPay sign-in code');
    expect(message.headers.get('to')).toBe('maria.garcia@example.com');
    expect(message.headers.get('auto-submitted')).toBe('auto-generated');
    expect(message.text).toContain('    482913');

    expect(lines).toEqual([
      {
        level: 'info',
        fields: { kind: 'email_code', file, code: '482913' },
        message: `e-mail written to the outbox: ${file}; its code is 482913`,
      },
    ]);

    lines.length = 0;
    const link = 'http://localhost:8080/webpay/login/magic?abracadabra=abc';
    await mail.deliver(mail.magicLink('maria.garcia@example.com', { link, lifetimeMinutes: 15 }));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.fields).toMatchObject({ kind: 'magic_link', link });
    expect(lines[0]?.message).toContain(`its sign-in link is ${link}`);
    await mail.close();
  });

  it('reports a message it cannot write as a delivery failure', async () => {
    const blocker = path.join(dataDir, 'not-a-directory');
    await import('node:fs/promises').then((fs) => fs.writeFile(blocker, ''));
    const { lines, log } = recordingLog();
    const mail = new MailService(
      createMailTransport({ outboxDir: blocker, from: 'billing@example.org', log }),
      branding,
      log,
    );
    const outcome = mail.deliver(
      mail.mfaCode('maria.garcia@example.com', { code: '111111', lifetimeMinutes: 10 }),
    );
    await expect(outcome).rejects.toBeInstanceOf(MailDeliveryError);
    expect(lines.map((line) => line.level)).toEqual(['warn']);
    expect(JSON.stringify(lines)).not.toContain('111111');
  });
});

describe('recipients', () => {
  it.each([
    'Attacker<attacker@evil.co>',
    'Attacker <attacker@evil.co>',
    'maria.garcia@example.com, attacker@evil.co',
    'maria.garcia@example.com\r\nBcc: attacker@evil.co',
  ])('never hands nodemailer anything but a plain address: %j', async (to) => {
    const outboxDir = await mkdtemp(path.join(os.tmpdir(), 'webpay-recipients-'));
    try {
      const { lines, log } = recordingLog();
      const mail = new MailService(
        createMailTransport({ outboxDir, from: 'billing@example.org', log }),
        branding,
        log,
      );
      const outcome = mail.deliver(mail.mfaCode(to, { code: '222222', lifetimeMinutes: 10 }));
      await expect(outcome).rejects.toBeInstanceOf(MailDeliveryError);
      expect(await readdir(outboxDir)).toEqual([]);
      expect(lines.map((line) => line.level)).toEqual(['warn']);
      // The log names neither the address nor the code.
      expect(JSON.stringify(lines)).not.toMatch(/attacker|222222/);
      await mail.close();
    } finally {
      await rm(outboxDir, { recursive: true, force: true });
    }
  });
});

describe('SMTP settings', () => {
  it('adds pooling and prompt timeouts unless SMTP_URL sets them', () => {
    const url = new URL(smtpUrlWithDefaults('smtps://user:p%40ss@mail.example.org:465'));
    expect(url.username).toBe('user');
    expect(url.password).toBe('p%40ss');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      pool: 'true',
      connectionTimeout: '10000',
      greetingTimeout: '10000',
      socketTimeout: '20000',
    });
    expect(
      new URL(smtpUrlWithDefaults('smtp://mail:25?pool=false&socketTimeout=5000')).searchParams.get(
        'pool',
      ),
    ).toBe('false');
  });
});

describe('whether the mail server can take mail', () => {
  it('asks the SMTP server itself: unavailable while nothing listens, available once a server does', async () => {
    const port = await freePort();
    const { lines, log } = recordingLog();
    const mail = new MailService(
      createMailTransport({
        smtpUrl: `smtp://127.0.0.1:${port}?connectionTimeout=2000&greetingTimeout=2000`,
        outboxDir: 'unused',
        from: 'billing@example.org',
        log,
      }),
      branding,
      log,
    );
    try {
      const refused = mail.ensureAvailable('magic_link');
      await expect(refused).rejects.toBeInstanceOf(MailDeliveryError);
      expect(lines.map((line) => [line.level, line.message])).toEqual([
        ['warn', 'mail server unavailable'],
      ]);

      const catcher = await startMailCatcher(port);
      try {
        await expect(mail.ensureAvailable('magic_link')).resolves.toBeUndefined();
        // A probe sends nothing.
        expect(catcher.messages).toEqual([]);
      } finally {
        await catcher.close();
      }
    } finally {
      await mail.close();
    }
  });

  it('always finds the local outbox available', async () => {
    const { lines, log } = recordingLog();
    const mail = new MailService(
      createMailTransport({ outboxDir: 'unused', from: 'billing@example.org', log }),
      branding,
      log,
    );
    await expect(mail.ensureAvailable('email_code')).resolves.toBeUndefined();
    expect(lines).toEqual([]);
    await mail.close();
  });
});
