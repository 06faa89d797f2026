import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * An HTTP stand-in of the Stripe API for tests (STYLE "Tests"): enough of `/v1/payment_intents`,
 * `/v1/refunds`, `/v1/accounts` (made and read), `/v1/account_links` and `/v1/transfers` (made, and listed by group) for the official SDK, pointed at it with
 * `new Stripe(key, { host, port, protocol: 'http' })`. It speaks Stripe's wire format (form-encoded
 * bodies with `a[b]=c` keys, its error JSON, idempotent replays), so the provider is tested through
 * the real SDK rather than a mock of it.
 */

export type StandInPaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean } | null;
  canceled_at: number | null;
  client_secret: string;
  created: number;
  currency: string;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method_types: string[];
  status: string;
};

export type StandInRefund = { id: string; object: 'refund'; amount: number; payment_intent: string; status: 'succeeded' };

/** The charge of a paid intent, as `charge.*` events carry it. */
export type StandInCharge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  metadata: Record<string, string>;
  paid: boolean;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded';
};

/** A Connect account (Express), as `POST /v1/accounts` answers it: enough for onboarding. */
export type StandInAccount = {
  id: string;
  object: 'account';
  type: 'express' | 'standard' | 'custom';
  email: string | null;
  metadata: Record<string, string>;
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  created: number;
};

/** A Connect transfer to a connected account, as `POST /v1/transfers` answers it and `transfer.*` events carry it. */
export type StandInTransfer = {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  created: number;
  currency: string;
  destination: string;
  livemode: false;
  metadata: Record<string, string>;
  reversed: boolean;
  transfer_group: string | null;
};

/**
 * How the next `POST /v1/transfers` fails: `rate_limit` answers 429 and makes nothing; `lost_answer`
 * makes the transfer (and keeps it for its idempotency key) but drops the connection before answering,
 * as a network failure after Stripe acted would.
 */
export type TransferFailure = 'rate_limit' | 'lost_answer';

export type StandInAccountLink = { object: 'account_link'; url: string; created: number; expires_at: number };

export type StandInRequest = {
  method: string;
  path: string;
  /** The decoded form body, nested keys as objects. */
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
};

export type StripeStandIn = {
  host: string;
  port: number;
  /** Every request the stand-in accepted, oldest first. */
  requests: StandInRequest[];
  /** The intent as Stripe holds it, e.g. to build a webhook event around it; undefined when unknown. */
  intent(intentId: string): StandInPaymentIntent | undefined;
  /** The customer pays: the intent succeeds. */
  pay(intentId: string): Promise<void>;
  /** The customer's card is declined: the intent wants another payment method and says why. */
  decline(intentId: string, message: string): Promise<void>;
  /** Any other state Stripe can put an intent in (`requires_action`, `processing`, `canceled` …). */
  setStatus(intentId: string, status: string): Promise<void>;
  /** The refunds made of an intent, oldest first. */
  refunds(intentId: string): StandInRefund[];
  /** Someone refunds a paid intent in Stripe's dashboard: `amount` cents of it, or all that is left. */
  refundInDashboard(intentId: string, amount?: number): Promise<void>;
  /** The paid intent's charge as Stripe holds it now, e.g. to build a `charge.refunded` event around it. */
  charge(intentId: string): StandInCharge | undefined;
  /** The Connect accounts made, oldest first. */
  accounts(): StandInAccount[];
  /** The account as Stripe holds it now, e.g. to build an `account.updated` event around it. */
  account(accountId: string): StandInAccount | undefined;
  /** The account's owner finishes onboarding: its `transfers` capability becomes active, so it can be paid. */
  completeOnboarding(accountId: string): void;
  /** Stripe restricts the account (new requirements due): its `transfers` capability is inactive again. */
  restrictAccount(accountId: string): void;
  /** The transfers made, oldest first. */
  transfers(): StandInTransfer[];
  /** The transfer as Stripe holds it now, e.g. to build a `transfer.*` event around it. */
  transfer(transferId: string): StandInTransfer | undefined;
  /**
   * The next `count` transfer requests (to `destination` only, when given) fail this way. The SDK tries
   * a request again once by itself when the connection drops on the first try, so a `lost_answer` that
   * the caller is to see takes a count of 2.
   */
  failNextTransfers(count: number, failure: TransferFailure, destination?: string): void;
  /** The whole transfer is sent back (from the dashboard, or the connected account's bank). */
  reverseTransfer(transferId: string): void;
  close(): Promise<void>;
};

const KEY_PATTERN = /^sk_test_[A-Za-z0-9_]+$/;
const MIN_AMOUNT = 50;
const MAX_AMOUNT = 99_999_999;

/** The stand-in hangs up instead of answering. */
class DropConnection extends Error {}

class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { type: string; message: string; code?: string; param?: string },
  ) {
    super(body.message);
  }
}

/** `metadata[userId]=…&automatic_payment_methods[enabled]=true` → nested objects, as Stripe reads them. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const [head = '', ...rest] = key.split('[');
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ''))];
    let target = result;
    for (const [index, part] of path.entries()) {
      if (index === path.length - 1) {
        target[part] = value;
      } else {
        const next = target[part];
        const child = typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : {};
        target[part] = child;
        target = child;
      }
    }
  }
  return result;
}

function randomId(length: number) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, statusCode: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(statusCode, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'request-id': `req_${randomId(14)}`,
  });
  response.end(text);
}

function checkKey(request: IncomingMessage) {
  const header = request.headers.authorization;
  if (!header) {
    throw new StripeApiError(401, {
      type: 'invalid_request_error',
      message: 'You did not provide an API key. You need to provide your API key in the Authorization header.',
    });
  }
  const key = /^Bearer (.+)$/.exec(header)?.[1] ?? '';
  if (!KEY_PATTERN.test(key)) {
    throw new StripeApiError(401, {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
    });
  }
}

function noSuchIntent(id: string) {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'intent',
    message: `No such payment_intent: '${id}'`,
  });
}

function invalid(param: string, message: string, code = 'parameter_invalid_integer') {
  return new StripeApiError(400, { type: 'invalid_request_error', code, param, message });
}

function createIntent(body: Record<string, unknown>): StandInPaymentIntent {
  const amountText = typeof body.amount === 'string' ? body.amount : '';
  if (!/^-?\d+$/.test(amountText)) throw invalid('amount', `Invalid integer: ${amountText}`);
  const amount = Number(amountText);
  if (amount < MIN_AMOUNT) throw invalid('amount', 'Amount must be at least $0.50 usd', 'amount_too_small');
  if (amount > MAX_AMOUNT) throw invalid('amount', 'Amount must be no more than $999,999.99', 'amount_too_large');
  if (typeof body.currency !== 'string' || body.currency === '') {
    throw invalid('currency', 'Missing required param: currency.', 'parameter_missing');
  }
  const metadata = (typeof body.metadata === 'object' && body.metadata !== null ? body.metadata : {}) as Record<string, string>;
  const automatic = body.automatic_payment_methods as { enabled?: string } | undefined;
  const id = `pi_${randomId(24)}`;
  return {
    id,
    object: 'payment_intent',
    amount,
    amount_received: 0,
    automatic_payment_methods: automatic ? { enabled: automatic.enabled === 'true' } : null,
    canceled_at: null,
    client_secret: `${id}_secret_${randomId(25)}`,
    created: Math.floor(Date.now() / 1000),
    currency: body.currency.toLowerCase(),
    last_payment_error: null,
    livemode: false,
    metadata,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
  };
}

const ACCOUNT_TYPES = ['express', 'standard', 'custom'] as const;
const LINK_TYPES = ['account_onboarding', 'account_update'];

function createAccount(body: Record<string, unknown>): StandInAccount {
  const type = body.type;
  if (type === undefined) throw invalid('type', 'Missing required param: type.', 'parameter_missing');
  if (!ACCOUNT_TYPES.includes(type as StandInAccount['type'])) {
    throw invalid('type', `Invalid type: must be one of ${ACCOUNT_TYPES.join(', ')}`, 'parameter_invalid');
  }
  const requested = (typeof body.capabilities === 'object' && body.capabilities !== null ? body.capabilities : {}) as Record<
    string,
    { requested?: string }
  >;
  return {
    id: `acct_${randomId(16)}`,
    object: 'account',
    type: type as StandInAccount['type'],
    email: typeof body.email === 'string' ? body.email : null,
    metadata: (typeof body.metadata === 'object' && body.metadata !== null ? body.metadata : {}) as Record<string, string>,
    capabilities: Object.fromEntries(
      Object.entries(requested)
        .filter(([, value]) => value.requested === 'true')
        .map(([name]) => [name, 'inactive' as const]),
    ),
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    created: Math.floor(Date.now() / 1000),
  };
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StandInPaymentIntent>();
  /** Stripe replays the first answer to a repeated Idempotency-Key instead of acting twice. */
  const replays = new Map<string, { statusCode: number; body: unknown }>();
  const requests: StandInRequest[] = [];
  const refunds = new Map<string, StandInRefund[]>();
  const accounts = new Map<string, StandInAccount>();
  const transfers = new Map<string, StandInTransfer>();
  const failures: { failure: TransferFailure; destination: string | undefined }[] = [];

  async function handle(request: IncomingMessage): Promise<{ statusCode: number; body: unknown }> {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const text = await readBody(request);
    checkKey(request);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const body = method === 'POST' ? parseStripeForm(text) : Object.fromEntries(url.searchParams);
    requests.push({ method, path: url.pathname, body, idempotencyKey });

    if (method === 'POST' && url.pathname === '/v1/payment_intents') {
      const replay = idempotencyKey ? replays.get(idempotencyKey) : undefined;
      if (replay) return replay;
      const intent = createIntent(body);
      intents.set(intent.id, intent);
      const answer = { statusCode: 200, body: intent };
      if (idempotencyKey) replays.set(idempotencyKey, answer);
      return answer;
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && match) {
      const id = decodeURIComponent(match[1] ?? '');
      const intent = intents.get(id);
      if (!intent) throw noSuchIntent(id);
      return { statusCode: 200, body: intent };
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (method === 'POST' && cancel) {
      const id = decodeURIComponent(cancel[1] ?? '');
      const intent = intents.get(id);
      if (!intent) throw noSuchIntent(id);
      // As Stripe: only an intent nobody has paid (nor cancelled) can be cancelled.
      if (!['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'].includes(intent.status)) {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        });
      }
      Object.assign(intent, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
      return { statusCode: 200, body: intent };
    }
    if (method === 'POST' && url.pathname === '/v1/refunds') {
      const replay = idempotencyKey ? replays.get(idempotencyKey) : undefined;
      if (replay) return replay;
      const id = typeof body.payment_intent === 'string' ? body.payment_intent : '';
      const intent = intents.get(id);
      if (!intent) throw noSuchIntent(id);
      if (intent.status !== 'succeeded') {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          code: 'charge_not_refundable',
          message: `This PaymentIntent (${id}) does not have a successful charge to refund.`,
        });
      }
      const made = refunds.get(id) ?? [];
      const left = intent.amount - made.reduce((sum, refund) => sum + refund.amount, 0);
      if (left === 0) {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: `Charge for ${id} has already been refunded.`,
        });
      }
      // As Stripe: `amount` returns a part of the charge (several may follow); without it, what is left.
      let amount = left;
      if (body.amount !== undefined) {
        const amountText = typeof body.amount === 'string' ? body.amount : '';
        if (!/^\d+$/.test(amountText) || Number(amountText) < 1)
          throw invalid('amount', `Invalid positive integer: ${amountText}`);
        amount = Number(amountText);
        if (amount > left) {
          throw invalid(
            'amount',
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
            'amount_too_large',
          );
        }
      }
      const refund: StandInRefund = {
        id: `re_${randomId(24)}`,
        object: 'refund',
        amount,
        payment_intent: id,
        status: 'succeeded',
      };
      refunds.set(id, [...made, refund]);
      const answer = { statusCode: 200, body: refund };
      if (idempotencyKey) replays.set(idempotencyKey, answer);
      return answer;
    }
    if (method === 'POST' && url.pathname === '/v1/accounts') {
      const replay = idempotencyKey ? replays.get(idempotencyKey) : undefined;
      if (replay) return replay;
      const account = createAccount(body);
      accounts.set(account.id, account);
      const answer = { statusCode: 200, body: account };
      if (idempotencyKey) replays.set(idempotencyKey, answer);
      return answer;
    }
    const accountPath = /^\/v1\/accounts\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && accountPath) {
      const id = decodeURIComponent(accountPath[1] ?? '');
      const account = accounts.get(id);
      if (!account) {
        // As Stripe: an unknown account id is missing.
        throw new StripeApiError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'account',
          message: `No such account: '${id}'`,
        });
      }
      return { statusCode: 200, body: account };
    }
    if (method === 'POST' && url.pathname === '/v1/transfers') {
      const replay = idempotencyKey ? replays.get(idempotencyKey) : undefined;
      const index = failures.findIndex((next) => next.destination === undefined || next.destination === body.destination);
      const failure = index === -1 ? undefined : failures.splice(index, 1)[0]?.failure;
      if (failure === 'rate_limit') {
        throw new StripeApiError(429, {
          type: 'invalid_request_error',
          code: 'rate_limit',
          message: 'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
        });
      }
      if (replay) {
        if (failure === 'lost_answer') throw new DropConnection();
        return replay;
      }
      const transfer = createTransfer(body);
      transfers.set(transfer.id, transfer);
      const answer = { statusCode: 200, body: transfer };
      if (idempotencyKey) replays.set(idempotencyKey, answer);
      if (failure === 'lost_answer') throw new DropConnection();
      return answer;
    }
    if (method === 'GET' && url.pathname === '/v1/transfers') {
      // As Stripe: newest first, filtered by transfer_group or destination when given.
      const data = [...transfers.values()]
        .filter((transfer) => body.transfer_group === undefined || transfer.transfer_group === body.transfer_group)
        .filter((transfer) => body.destination === undefined || transfer.destination === body.destination)
        .reverse()
        .slice(0, Number(body.limit ?? 10));
      return { statusCode: 200, body: { object: 'list', url: '/v1/transfers', has_more: false, data } };
    }
    if (method === 'POST' && url.pathname === '/v1/account_links') {
      const id = typeof body.account === 'string' ? body.account : '';
      if (!id) throw invalid('account', 'Missing required param: account.', 'parameter_missing');
      if (!accounts.has(id)) {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'account',
          message: `No such account: '${id}'`,
        });
      }
      if (!LINK_TYPES.includes(body.type as string)) {
        throw invalid('type', `Invalid type: must be one of ${LINK_TYPES.join(', ')}`, 'parameter_invalid');
      }
      for (const param of ['refresh_url', 'return_url']) {
        if (!isHttpUrl(body[param])) throw invalid(param, `Not a valid URL`, 'url_invalid');
      }
      const created = Math.floor(Date.now() / 1000);
      const link: StandInAccountLink = {
        object: 'account_link',
        url: `https://connect.stripe.com/setup/e/${id}/${randomId(12)}`,
        created,
        // As Stripe: a link is good for a few minutes, and once.
        expires_at: created + 300,
      };
      return { statusCode: 200, body: link };
    }
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${url.pathname}).`,
    });
  }

  function createTransfer(body: Record<string, unknown>): StandInTransfer {
    const amountText = typeof body.amount === 'string' ? body.amount : '';
    if (!/^\d+$/.test(amountText) || Number(amountText) < 1) throw invalid('amount', `Invalid positive integer: ${amountText}`);
    if (typeof body.currency !== 'string' || body.currency === '') {
      throw invalid('currency', 'Missing required param: currency.', 'parameter_missing');
    }
    const destination = typeof body.destination === 'string' ? body.destination : '';
    if (!destination) throw invalid('destination', 'Missing required param: destination.', 'parameter_missing');
    const account = accounts.get(destination);
    if (!account) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'destination',
        message: `No such destination: '${destination}'`,
      });
    }
    if (account.capabilities.transfers !== 'active') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'insufficient_capabilities_for_transfer',
        param: 'destination',
        message:
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      });
    }
    return {
      id: `tr_${randomId(24)}`,
      object: 'transfer',
      amount: Number(amountText),
      amount_reversed: 0,
      created: Math.floor(Date.now() / 1000),
      currency: body.currency.toLowerCase(),
      destination,
      livemode: false,
      metadata: (typeof body.metadata === 'object' && body.metadata !== null ? body.metadata : {}) as Record<string, string>,
      reversed: false,
      transfer_group: typeof body.transfer_group === 'string' ? body.transfer_group : null,
    };
  }

  const server = createServer((request, response) => {
    handle(request).then(
      ({ statusCode, body }) => send(response, statusCode, body),
      (error: unknown) => {
        if (error instanceof DropConnection) response.socket?.destroy();
        else if (error instanceof StripeApiError) send(response, error.statusCode, { error: error.body });
        else send(response, 500, { error: { type: 'api_error', message: String(error) } });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  function update(intentId: string, change: Partial<StandInPaymentIntent>) {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`The Stripe stand-in has no intent ${intentId}`);
    Object.assign(intent, change);
  }

  return {
    host: '127.0.0.1',
    port,
    requests,
    intent: (intentId) => {
      const intent = intents.get(intentId);
      return intent ? structuredClone(intent) : undefined;
    },
    async pay(intentId) {
      const amount = intents.get(intentId)?.amount ?? 0;
      update(intentId, { status: 'succeeded', amount_received: amount, last_payment_error: null });
    },
    async decline(intentId, message) {
      update(intentId, {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message },
      });
    },
    async setStatus(intentId, status) {
      update(intentId, { status, ...(status === 'canceled' ? { canceled_at: Math.floor(Date.now() / 1000) } : {}) });
    },
    refunds: (intentId) => structuredClone(refunds.get(intentId) ?? []),
    async refundInDashboard(intentId, amount) {
      const intent = intents.get(intentId);
      if (intent?.status !== 'succeeded') throw new Error(`The Stripe stand-in has no paid intent ${intentId}`);
      const made = refunds.get(intentId) ?? [];
      const left = intent.amount - made.reduce((sum, refund) => sum + refund.amount, 0);
      const refund: StandInRefund = {
        id: `re_${randomId(24)}`,
        object: 'refund',
        amount: amount ?? left,
        payment_intent: intentId,
        status: 'succeeded',
      };
      if (refund.amount < 1 || refund.amount > left) throw new Error(`Cannot refund ${refund.amount} of ${left} cents left`);
      refunds.set(intentId, [...made, refund]);
    },
    charge(intentId) {
      const intent = intents.get(intentId);
      if (intent?.status !== 'succeeded') return undefined;
      const refunded = (refunds.get(intentId) ?? []).reduce((sum, refund) => sum + refund.amount, 0);
      return {
        id: `ch_${intentId.slice(3)}`,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: refunded,
        currency: intent.currency,
        metadata: { ...intent.metadata },
        paid: true,
        payment_intent: intentId,
        refunded: refunded === intent.amount,
        status: 'succeeded',
      };
    },
    accounts: () => structuredClone([...accounts.values()]),
    account: (accountId) => {
      const account = accounts.get(accountId);
      return account ? structuredClone(account) : undefined;
    },
    restrictAccount(accountId) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`The Stripe stand-in has no account ${accountId}`);
      Object.assign(account, { capabilities: { ...account.capabilities, transfers: 'inactive' }, payouts_enabled: false });
    },
    completeOnboarding(accountId) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`The Stripe stand-in has no account ${accountId}`);
      Object.assign(account, {
        capabilities: { ...account.capabilities, transfers: 'active' },
        details_submitted: true,
        payouts_enabled: true,
      });
    },
    transfers: () => structuredClone([...transfers.values()]),
    transfer: (transferId) => {
      const transfer = transfers.get(transferId);
      return transfer ? structuredClone(transfer) : undefined;
    },
    failNextTransfers(count, failure, destination) {
      for (let index = 0; index < count; index += 1) failures.push({ failure, destination });
    },
    reverseTransfer(transferId) {
      const transfer = transfers.get(transferId);
      if (!transfer) throw new Error(`The Stripe stand-in has no transfer ${transferId}`);
      Object.assign(transfer, { reversed: true, amount_reversed: transfer.amount });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
