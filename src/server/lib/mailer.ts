import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../env';

export type Mail = { to: string; subject: string; text: string; html?: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The part of a pino/Fastify logger the mailer uses, so the CLI can pass its own. */
export type MailerLog = {
  info: (details: Record<string, unknown>, message: string) => void;
  warn?: (message: string) => void;
};

export type MailerConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'publicUrl'> & Partial<Pick<Config, 'nodeEnv'>>;

/**
 * With SMTP_URL: real delivery over SMTP. Without it: a development outbox that writes each
 * message to `$DATA_DIR/outbox/*.eml` and logs where it went, plus, outside production, any link
 * into this app (reset and invite links), so local set-ups need no mail server. In production a
 * logged link would hand accounts to whoever reads the logs: only the file is logged.
 */
export function createMailer(config: MailerConfig, log: MailerLog): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl, { from: config.mailFrom });
    return {
      async send(mail) {
        await transport.sendMail(mail);
      },
    };
  }

  const isProduction = config.nodeEnv === 'production';
  if (isProduction) {
    log.warn?.(`SMTP_URL is not set: mail is written to ${path.join(config.dataDir, 'outbox')} and not sent`);
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'unix' },
    { from: config.mailFrom },
  );
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // Written beside and renamed into place, so whoever reads the outbox never finds half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      const link = isProduction ? undefined : findAppLink(mail.text, config.publicUrl);
      log.info({ to: mail.to, subject: mail.subject, file, ...(link ? { link } : {}) }, 'mail written to the dev outbox');
    },
  };
}

function findAppLink(text: string, publicUrl: string): string | undefined {
  return text.split(/\s+/).find((word) => word.startsWith(`${publicUrl}/`));
}
