import reshaper from 'arabic-persian-reshaper';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates } from '#db/schema/index';
import { formatUsd } from '#shared/format';
import type { Locale } from '#shared/i18n/locales';
import { addContent, createCourse, createUser, enroll, FACTORY_PASSWORD, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { pdfTextLines } from '#tests/helpers/pdf-text';
import { certificateKeys } from './certificate-keys';

/*
 * Mails, receipts and certificates in their recipient's saved language (docs/product.md, Languages);
 * English for whoever saved none.
 */

let t: TestApp;
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_DISCUSSION_POSTS_PER_MINUTE: '10000' } });
  creator = await createUser(t.db.db, { role: 'creator', name: 'Ada Creator' });
});
afterAll(() => t?.close());

let ipCounter = 0;
async function call(method: InjectOptions['method'], url: string, user: { token: string } | null, payload?: object) {
  ipCounter += 1;
  const response = await t.app.inject({
    method,
    url,
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
    remoteAddress: `10.42.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
    ...(payload ? { payload } : {}),
  });
  await t.app.background.drain();
  return response;
}

/** A user who saved `locale` (or none) through the account page's route. */
async function userSpeaking(locale: Locale | null, name = 'Lucía Pérez') {
  const user = await createUser(t.db.db, { name });
  if (locale) expect((await call('PATCH', '/api/auth/me', user, { locale })).statusCode).toBe(200);
  return user;
}

const mailsTo = (email: string) => t.mailer.sent.filter((mail) => mail.to === email);
const lastMailTo = (email: string) => mailsTo(email).at(-1);

describe('account mails', () => {
  it('writes the password reset in Spanish to a Spanish speaker, and word for word in English to one who saved none', async () => {
    const spanish = await userSpeaking('es');
    const english = await userSpeaking(null, 'Ada');
    for (const user of [spanish, english]) await call('POST', '/api/auth/forgot-password', null, { email: user.email });

    const es = lastMailTo(spanish.email);
    expect(es?.subject).toBe('Restablece tu contraseña de Gradient Academy');
    expect(es?.text).toMatch(
      /^Hola, Lucía Pérez:\n\nAlguien ha pedido restablecer la contraseña de tu cuenta de Gradient Academy\./,
    );
    expect(es?.text).toContain('El enlace caduca en 1 hora');
    expect(es?.html).toContain('<html lang="es" dir="ltr">');
    expect(es?.html).toContain('>Restablecer contraseña</a>');
    expect(es?.html).toContain('Si el botón no funciona, pega esta dirección en tu navegador:');

    const en = lastMailTo(english.email);
    expect(en?.subject).toBe('Reset your Gradient Academy password');
    expect(en?.text).toMatch(
      /^Hi Ada,\n\nSomeone asked to reset the password of your Gradient Academy account\. Open this link to choose a new password:\n\nhttp/,
    );
    expect(en?.text).toMatch(
      /\n\nThe link expires in 1 hour and works once\. If you did not ask for this, ignore this email; your password stays the same\.\n\n— Gradient Academy$/,
    );
    expect(en?.html).toContain('<html lang="en" dir="ltr">');
    expect(en?.html).toContain('If the button does not work, paste this address into your browser:');
  });

  it('writes the email confirmation and the notice to the old address in the account’s language', async () => {
    const german = await userSpeaking('de', 'Jürgen');
    const oldEmail = german.email;
    const newEmail = `neu-${german.id.slice(0, 8)}@example.com`;
    expect((await call('POST', '/api/account/email', german, { newEmail, currentPassword: FACTORY_PASSWORD })).statusCode).toBe(
      200,
    );
    const confirm = lastMailTo(newEmail);
    expect(confirm?.subject).toBe('Bestätige deine neue E-Mail-Adresse bei Gradient Academy');
    expect(confirm?.text).toContain(
      `Öffne diesen Link, um ${newEmail} zur E-Mail-Adresse deines Gradient Academy-Kontos zu machen:`,
    );
    expect(confirm?.text).toContain('Der Link läuft nach 24 Stunden ab');
    const token = /token=([\w-]+)/.exec(confirm?.text ?? '')?.[1];
    expect((await call('POST', '/api/account/email/confirm', null, { token })).statusCode).toBe(200);
    expect(lastMailTo(oldEmail)?.subject).toBe('Deine E-Mail-Adresse bei Gradient Academy wurde geändert');
  });
});

describe('the purchase receipt', () => {
  async function buy(buyer: TestUser, courseId: string, couponCode: string) {
    const intent = await call('POST', '/api/create-payment-intent', buyer, { courseId, couponCode });
    const { paymentIntentId } = intent.json();
    const card = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };
    await call('POST', `/api/test-payments/${paymentIntentId}/confirm`, buyer, card);
    expect((await call('POST', '/api/confirm-payment', buyer, { paymentIntentId, courseId })).statusCode).toBe(200);
  }

  it('is mailed, and drawn as a PDF, in the buyer’s language', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 4000, title: 'Redes neuronales' });
    const code = `ES${course.id.slice(0, 6).toUpperCase()}`;
    expect((await call('POST', '/api/creator/coupons', creator, { code, courseId: course.id, percentOff: 25 })).statusCode).toBe(
      201,
    );
    const buyer = await userSpeaking('es');
    await buy(buyer, course.id, code);

    const mail = lastMailTo(buyer.email);
    expect(mail?.subject).toBe('Tu recibo: Redes neuronales');
    expect(mail?.text).toContain('Gracias por comprar «Redes neuronales» el ');
    expect(mail?.text).toContain(
      `Precio: ${formatUsd('40.00', 'es')}\nDescuento (${code}): ${formatUsd('-10.00', 'es')}\nPagado: ${formatUsd('30.00', 'es')}`,
    );
    expect(formatUsd('40.00', 'es')).toMatch(/^40,00\s?US\$$/);

    const [purchase] = (await call('GET', '/api/purchases', buyer)).json().items;
    const pdf = await call('GET', purchase.receiptUrl, buyer);
    expect((await PDFDocument.load(pdf.rawPayload)).getTitle()).toBe(`Recibo ${purchase.id}`);
    const lines = await pdfTextLines(pdf.rawPayload);
    expect(lines).toEqual(expect.arrayContaining(['Recibo', 'Número de recibo', 'Facturado a', 'Total pagado']));
    expect(lines).toContain(formatUsd('30.00', 'es'));
    expect(lines).not.toContain('Total paid');
  });
});

describe('learning mails', () => {
  it('tells an asker in their language that their question was answered, right to left in Arabic', async () => {
    const course = await createCourse(t.db.db, creator.id, { title: 'Attention' });
    const { lessons } = await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 0 });
    const lessonId = lessons[0]?.id ?? '';
    const askers = { es: await userSpeaking('es'), ar: await userSpeaking('ar', 'ليلى'), none: await userSpeaking(null, 'Ada') };
    for (const asker of Object.values(askers)) {
      await enroll(t.db.db, asker.id, course.id);
      const thread = (await call('POST', `/api/lessons/${lessonId}/threads`, asker, { body: 'Why softmax?' })).json();
      expect((await call('POST', `/api/threads/${thread.id}/replies`, creator, { body: 'Weights sum to one.' })).statusCode).toBe(
        201,
      );
    }
    const title = lessons[0]?.title ?? '';

    const es = lastMailTo(askers.es.email);
    expect(es?.subject).toBe(`Han respondido a tu pregunta sobre «${title}»`);
    expect(es?.text).toContain(`El instructor ha respondido a tu pregunta sobre «${title}» en Attention:\n\n«Why softmax?»`);
    expect(es?.html).toContain('>Leer la respuesta</a>');

    const ar = lastMailTo(askers.ar.email);
    expect(ar?.subject).toBe(`تمت الإجابة عن سؤالك حول «${title}»`);
    expect(ar?.text).toMatch(/^مرحبًا ليلى،/);
    expect(ar?.html).toContain('<html lang="ar" dir="rtl">');

    const en = lastMailTo(askers.none.email);
    expect(en?.subject).toBe(`Your question on “${title}” was answered`);
    expect(en?.text).toContain(`The instructor answered your question on “${title}” in Attention:\n\n“Why softmax?”`);
  });
});

describe('the certificate', () => {
  /** A student who has completed the one slide of a new course. */
  async function graduate(student: TestUser, title: string) {
    const course = await createCourse(t.db.db, creator.id, { title });
    const { lessons } = await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 0 });
    await enroll(t.db.db, student.id, course.id);
    const progress = { lessonId: lessons[0]?.id, completed: true, completedAt: new Date().toISOString() };
    expect((await call('POST', '/api/progress', student, progress)).statusCode).toBe(200);
    return course.id;
  }
  const download = async (student: TestUser, courseId: string) => {
    const response = await call('GET', `/api/courses/${courseId}/certificate`, student);
    expect(response.statusCode, response.body).toBe(200);
    return pdfTextLines(response.rawPayload);
  };
  /** A line as drawn (visual order, joined letters) read back as it is typed. */
  const asTyped = (line: string) => reshaper.ArabicShaper.convertArabicBack(Array.from(line).reverse().join(''));
  const ARABIC_LETTERS = /[\u0621-\u064a]/;
  const JOINED_FORMS = /[\ufe70-\ufefc]/;

  it('is in Arabic for an Arabic speaker, joined and right to left, and in Spanish once they switch', async () => {
    const student = await userSpeaking('ar', 'فاطمة الزهراء');
    const courseId = await graduate(student, 'Deep Learning');

    const lines = await download(student, courseId);
    const title = lines.find((line) => asTyped(line) === 'شهادة إتمام');
    const name = lines.find((line) => asTyped(line) === 'فاطمة الزهراء');
    for (const line of [title, name]) {
      expect(line).toBeDefined();
      // Drawn in joined forms, never as the separate letters pdf-lib would otherwise put side by side.
      expect(line).toMatch(JOINED_FORMS);
      expect(line).not.toMatch(ARABIC_LETTERS);
    }
    expect(lines).toContain('Deep Learning');
    expect(lines).not.toContain('Certificate of Completion');

    expect((await call('PATCH', '/api/auth/me', student, { locale: 'es' })).statusCode).toBe(200);
    const spanish = await download(student, courseId);
    expect(spanish).toEqual(expect.arrayContaining(['Certificado de finalización', 'Se certifica que']));
    expect(spanish.some((line) => asTyped(line) === 'فاطمة الزهراء')).toBe(true);

    // Both languages' PDFs are kept, and both go with the account.
    const [issued] = await t.db.db.select({ id: certificates.id }).from(certificates).where(eq(certificates.userId, student.id));
    const keys = certificateKeys(issued?.id ?? '');
    const kept = async () => (await Promise.all(keys.map((key) => t.app.objectStore.stat(key)))).filter(Boolean).length;
    expect(await kept()).toBe(2);
    expect((await call('POST', '/api/account/delete', student, { currentPassword: FACTORY_PASSWORD })).statusCode).toBe(200);
    expect(await kept()).toBe(0);
  });

  it('is in English for a student who saved no language, an Arabic name joined and right to left on it', async () => {
    const student = await userSpeaking(null, 'عبد الله');
    const lines = await download(student, await graduate(student, 'Transformers'));
    expect(lines).toEqual(expect.arrayContaining(['Certificate of Completion', 'This certifies that', 'Transformers']));
    const name = lines.find((line) => asTyped(line) === 'عبد الله');
    expect(name).toMatch(JOINED_FORMS);
    expect(name).not.toMatch(ARABIC_LETTERS);
  });
});
