import { isIP } from 'node:net';
import path from 'node:path';
import type { WithdrawalLimitWindow } from '@vestora/shared';
import { z } from 'zod';
import { DAY_MS } from '../lib/time.ts';

/** A flag that is on unless set to `false` or `0`. */
const booleanFlagOn = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value !== 'false' && value !== '0');

const EnvSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  ADMIN_USERNAME: z.string().min(3).default('admin'),
  ADMIN_FULL_NAME: z.string().min(3).default('Site Administrator'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => parseTrustProxy(value ?? 'false', ctx)),
  REQUIRE_ADMIN_2FA: booleanFlagOn,
  MIN_DEPOSIT_USD: z.coerce.number().int().min(1).default(50),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  IDENTITY_DOCUMENTS_KEY: z
    .string()
    .optional()
    .transform((value, ctx) => (value === undefined ? undefined : parseDocumentKey(value, ctx))),
  IDENTITY_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .default(5 * 365),
  WEB_DIST_DIR: z.string().optional(),
  SMTP_URL: z.url({ message: 'must be an smtp:// or smtps:// address' }).optional(),
  MAIL_FROM: z.string().min(3).default('Vestora <no-reply@vestora.local>'),
  PUBLIC_URL: z
    .url({ message: 'must be the address people open, such as https://invest.example.com' })
    .refine(isPasskeyOrigin, {
      message:
        'must be https:// with a domain name (or http://localhost for a trial): passkeys are bound to it, and browsers refuse them on plain http and on an IP address',
    })
    .optional(),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  REDIS_URL: z.url({ message: 'must be a redis:// address' }).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  MAX_PENDING_DEPOSITS: z.coerce.number().int().min(1).default(5),
  MAX_PENDING_WITHDRAWALS: z.coerce.number().int().min(1).default(5),
  MAX_OPEN_TICKETS: z.coerce.number().int().min(1).default(5),
  WITHDRAWAL_ADDRESS_COOLOFF_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  WITHDRAWAL_DUAL_APPROVAL_USD: z.coerce.number().int().min(0).default(10_000),
  BASIC_WITHDRAWAL_DAILY_USD: z.coerce.number().int().min(1).default(1_000),
  BASIC_WITHDRAWAL_MONTHLY_USD: z.coerce.number().int().min(1).default(5_000),
  FULL_WITHDRAWAL_DAILY_USD: z.coerce.number().int().min(1).default(50_000),
  FULL_WITHDRAWAL_MONTHLY_USD: z.coerce.number().int().min(1).default(250_000),
  CREDIT_APPROVAL_USD: z.coerce.number().int().min(0).default(1_000),
  STAFF_APPROVAL_DELAY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(72),
  STAFF_REAUTH_MINUTES: z.coerce.number().min(1).max(60).default(5),
  WITHDRAWAL_LOCK_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  LOGIN_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  IDEMPOTENCY_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 7),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ message: 'each origin must be a URL such as https://app.example.com' }))),
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  SNAPSHOT_EVERY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .default(24),
  BITCOIN_NETWORK: z.enum(['mainnet', 'testnet', 'regtest']).default('mainnet'),
  BITCOIN_RPC_URL: z
    .url({ message: 'must be the node address, such as http://user:password@127.0.0.1:8332' })
    .optional(),
  ETHEREUM_RPC_URL: z
    .url({ message: 'must be a JSON-RPC address, such as http://127.0.0.1:8545' })
    .optional(),
  USDT_ERC20_CONTRACT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, { message: 'must be a 0x-prefixed contract address' })
    .default('0xdAC17F958D2ee523a2206206994597C13D831ec7'),
  BITCOIN_RESERVES_FROM_HEIGHT: z.coerce.number().int().min(0).default(0),
  RATE_MAX_AGE_HOURS: z.coerce.number().int().min(1).default(24),
  CHAIN_POLL_SECONDS: z.coerce.number().int().min(1).default(15),
  BITCOIN_EXPLORER_TX_URL: z
    .string()
    .includes('{txid}', { message: 'must contain {txid}' })
    .default('https://mempool.space/tx/{txid}'),
  ETHEREUM_EXPLORER_TX_URL: z
    .string()
    .includes('{txid}', { message: 'must contain {txid}' })
    .default('https://etherscan.io/tx/{txid}'),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
  WEBHOOK_POLL_SECONDS: z.coerce.number().int().min(1).max(60).default(2),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  PUSH_ALLOW_PRIVATE_NETWORKS: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

export type Env = z.infer<typeof EnvSchema>;

/** Which hops of X-Forwarded-For to believe: none, the last N, or those sent by listed proxies. */
export type TrustProxy = false | number | string[];

function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  if (value === 'false' || value === '0') return false;
  if (/^[0-9]+$/.test(value)) return Number(value);
  if (value === 'true' || value === '1') {
    ctx.addIssue({
      code: 'custom',
      message:
        'true would believe any X-Forwarded-For a client writes; set the number of proxies in front of the server (such as 1) or their addresses (such as 10.0.0.2,192.168.0.0/16)',
    });
    return z.NEVER;
  }
  const proxies = value.split(',').map((entry) => entry.trim());
  const bad = proxies.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `"${bad}" is neither a proxy count nor an IP address or CIDR range`,
    });
    return z.NEVER;
  }
  return proxies;
}

/** 32 bytes, written as 64 hexadecimal characters or in base64; anything else would seal with a guess. */
function parseDocumentKey(value: string, ctx: z.RefinementCtx): Buffer {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const decoded = Buffer.from(trimmed, 'base64');
  if (decoded.length === 32 && decoded.toString('base64') === trimmed) return decoded;
  ctx.addIssue({
    code: 'custom',
    message:
      'must be 32 random bytes written as 64 hexadecimal characters (such as the output of openssl rand -hex 32) or in base64',
  });
  return z.NEVER;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^[0-9]+$/.test(bits) && prefix <= (version === 4 ? 32 : 128);
}

export interface AppConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  admin: { email: string | undefined; password: string | undefined; userName: string; fullName: string };
  logLevel: Env['LOG_LEVEL'];
  bodyLimitBytes: number;
  login: { maxFailures: number; windowMs: number };
  trustProxy: TrustProxy;
  /** The longest a request may take to arrive, body included: slow senders are dropped. */
  requestTimeoutMs: number;
  /** Shared rate-limit counters for several processes; unset, each process counts on its own. */
  redisUrl: string | undefined;
  rateLimit: { perMinute: number; signupsPerHour: number };
  /** Requests one staff API key may make in a minute, across every admin route. */
  apiKeyRateLimitPerMinute: number;
  /** What one user may have waiting at once. */
  caps: { pendingDeposits: number; pendingWithdrawals: number; openTickets: number };
  retention: { loginEventsMs: number; idempotencyKeysMs: number };
  /** How long a new withdrawal address waits before it can be used, and withdrawals after a credential change. */
  withdrawalSafety: {
    addressCoolOffMs: number;
    lockMs: number;
    /** Withdrawals of at least this many cents need two administrators; null: one is enough. */
    dualApprovalCents: bigint | null;
  };
  /** What a verified person may withdraw over a rolling day and over 30 days, by level (README). */
  withdrawalLimitCents: Record<'basic' | 'full', Record<WithdrawalLimitWindow, bigint>>;
  /** Administrators must have two-factor sign-in on to use the console. */
  requireAdmin2fa: boolean;
  /** The rules that keep any one staff member from moving money alone (README, "Staff and approvals"). */
  staffApproval: {
    /** Credits above this many cents wait for a quorum. */
    creditCents: bigint;
    /** How long after a grant a new staff member approves nothing. */
    delayMs: number;
    /** How recent a password confirmation must be for a staff act that moves money or power. */
    reauthMs: number;
  };
  minDepositCents: bigint;
  uploadMaxBytes: number;
  identityDocuments: {
    /** IDENTITY_DOCUMENTS_KEY, 32 bytes; unset, a key generated once under DATA_DIR is used. */
    key: Buffer | undefined;
    /** How long after an account is closed its identity documents and records are kept. */
    retentionMs: number;
  };
  /** Real SMTP when set; otherwise e-mails are written to DATA_DIR/outbox and logged. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The address links in e-mails point to. */
  publicUrl: string;
  /** The WebAuthn relying party, from PUBLIC_URL: passkeys work on this origin and no other. */
  passkeys: { rpId: string; origin: string; rpName: string };
  /**
   * What file URLs in answers (`/api/files/<id>`) start with: PUBLIC_URL when it is set, so a front
   * end on another origin loads them from this server; otherwise empty, a path on whichever address
   * the client used.
   */
  fileUrlBase: string;
  /** Origins allowed to call the API from a browser; empty means same-origin only. */
  corsOrigins: string[];
  /** Built web app to serve; undefined in tests that only exercise the API. */
  webDistDir: string | undefined;
  /** Bearer token that opens GET /metrics; unset, the endpoint does not exist. */
  metricsToken: string | undefined;
  /** How often a proof-of-liabilities snapshot is taken on its own. */
  liabilitySnapshotIntervalMs: number;
  /** Deposits watched on chain: the nodes to ask and how a payment is valued. */
  chain: ChainConfig;
  webhooks: {
    /**
     * Deliveries may go to loopback, link-local and private addresses, and over plain http: for
     * receivers on the operator's own network. Off, a webhook cannot probe the platform's network.
     */
    allowPrivateNetworks: boolean;
    /** How often the sender looks for due deliveries. */
    pollIntervalMs: number;
    /** The longest one attempt may take, from connecting to the end of the answer. */
    timeoutMs: number;
  };
  push: {
    /**
     * Pushes may go to loopback, link-local and private addresses, and over plain http: for tests
     * with a push service of their own. Off, a subscription (whose endpoint a person sends) cannot
     * make the server call into its own network.
     */
    allowPrivateNetworks: boolean;
    /** How often the sender looks for due pushes. */
    pollIntervalMs: number;
    /** The longest one push may take, from connecting to the end of the answer. */
    timeoutMs: number;
  };
}

export interface ChainConfig {
  bitcoinNetwork: 'mainnet' | 'testnet' | 'regtest';
  /** Bitcoin Core JSON-RPC, credentials in the URL; unset, no Bitcoin watcher runs. */
  bitcoinRpcUrl: string | undefined;
  /** Any Ethereum JSON-RPC endpoint; unset, no Ethereum watcher runs. */
  ethereumRpcUrl: string | undefined;
  usdtContract: string;
  /** Where following Bitcoin reserve outputs starts: a height before the reserves were first paid. */
  bitcoinReservesFromHeight: number;
  /** A BTC or ETH rate older than this holds a confirmed payment instead of crediting it. */
  rateMaxAgeMs: number;
  pollIntervalMs: number;
  /** Explorer pages of a transaction, `{txid}` replaced. */
  explorerTxUrl: { bitcoin: string; ethereum: string };
}

/** The only reader of process.env: parsed once at start, failing fast with every problem listed. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // `DATABASE_URL=` in a shell or an env file means "not set", as it does for most tools.
  const setValues = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(setValues);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid settings:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  return {
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    admin: {
      email: env.ADMIN_EMAIL?.toLowerCase(),
      password: env.ADMIN_PASSWORD,
      userName: env.ADMIN_USERNAME,
      fullName: env.ADMIN_FULL_NAME,
    },
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    login: { maxFailures: env.LOGIN_MAX_FAILURES, windowMs: env.LOGIN_WINDOW_MINUTES * 60_000 },
    trustProxy: env.TRUST_PROXY,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    redisUrl: env.REDIS_URL,
    rateLimit: { perMinute: env.RATE_LIMIT_PER_MINUTE, signupsPerHour: env.SIGNUPS_PER_HOUR },
    apiKeyRateLimitPerMinute: env.API_KEY_RATE_LIMIT_PER_MINUTE,
    caps: {
      pendingDeposits: env.MAX_PENDING_DEPOSITS,
      pendingWithdrawals: env.MAX_PENDING_WITHDRAWALS,
      openTickets: env.MAX_OPEN_TICKETS,
    },
    retention: {
      loginEventsMs: env.LOGIN_EVENTS_RETENTION_DAYS * DAY_MS,
      idempotencyKeysMs: env.IDEMPOTENCY_RETENTION_HOURS * 60 * 60_000,
    },
    withdrawalSafety: {
      addressCoolOffMs: env.WITHDRAWAL_ADDRESS_COOLOFF_HOURS * 3_600_000,
      lockMs: env.WITHDRAWAL_LOCK_HOURS * 3_600_000,
      dualApprovalCents:
        env.WITHDRAWAL_DUAL_APPROVAL_USD > 0 ? BigInt(env.WITHDRAWAL_DUAL_APPROVAL_USD) * 100n : null,
    },
    withdrawalLimitCents: {
      basic: {
        daily: BigInt(env.BASIC_WITHDRAWAL_DAILY_USD) * 100n,
        monthly: BigInt(env.BASIC_WITHDRAWAL_MONTHLY_USD) * 100n,
      },
      full: {
        daily: BigInt(env.FULL_WITHDRAWAL_DAILY_USD) * 100n,
        monthly: BigInt(env.FULL_WITHDRAWAL_MONTHLY_USD) * 100n,
      },
    },
    requireAdmin2fa: env.REQUIRE_ADMIN_2FA,
    staffApproval: {
      creditCents: BigInt(env.CREDIT_APPROVAL_USD) * 100n,
      delayMs: env.STAFF_APPROVAL_DELAY_HOURS * 3_600_000,
      reauthMs: env.STAFF_REAUTH_MINUTES * 60_000,
    },
    minDepositCents: BigInt(env.MIN_DEPOSIT_USD) * 100n,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    identityDocuments: { key: env.IDENTITY_DOCUMENTS_KEY, retentionMs: env.IDENTITY_RETENTION_DAYS * DAY_MS },
    corsOrigins: env.CORS_ORIGINS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    fileUrlBase: (env.PUBLIC_URL ?? '').replace(/\/$/, ''),
    passkeys: passkeyRelyingParty(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`),
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    metricsToken: env.METRICS_TOKEN,
    liabilitySnapshotIntervalMs: env.SNAPSHOT_EVERY_HOURS * 3_600_000,
    chain: {
      bitcoinNetwork: env.BITCOIN_NETWORK,
      bitcoinRpcUrl: env.BITCOIN_RPC_URL,
      ethereumRpcUrl: env.ETHEREUM_RPC_URL,
      usdtContract: env.USDT_ERC20_CONTRACT.toLowerCase(),
      bitcoinReservesFromHeight: env.BITCOIN_RESERVES_FROM_HEIGHT,
      rateMaxAgeMs: env.RATE_MAX_AGE_HOURS * 3_600_000,
      pollIntervalMs: env.CHAIN_POLL_SECONDS * 1000,
      explorerTxUrl: { bitcoin: env.BITCOIN_EXPLORER_TX_URL, ethereum: env.ETHEREUM_EXPLORER_TX_URL },
    },
    webhooks: {
      allowPrivateNetworks: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      pollIntervalMs: env.WEBHOOK_POLL_SECONDS * 1000,
      timeoutMs: env.WEBHOOK_TIMEOUT_SECONDS * 1000,
    },
    push: { allowPrivateNetworks: env.PUSH_ALLOW_PRIVATE_NETWORKS, pollIntervalMs: 2000, timeoutMs: 10_000 },
  };
}

/** Browsers offer passkeys on a secure origin named by a domain: https, or localhost for a trial. */
function isPasskeyOrigin(publicUrl: string): boolean {
  // zod runs this refinement even after z.url() refused: the URL message is the one to show.
  if (!URL.canParse(publicUrl)) return true;
  const { protocol, hostname } = new URL(publicUrl);
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return false;
  return (
    protocol === 'https:' || (protocol === 'http:' && (host === 'localhost' || host.endsWith('.localhost')))
  );
}

function passkeyRelyingParty(publicUrl: string): AppConfig['passkeys'] {
  const url = new URL(publicUrl);
  return { rpId: url.hostname, origin: url.origin, rpName: 'Vestora' };
}
