import { centsToDecimalText, MESSAGES, STATEMENT_COLUMNS, type StatementQuery } from '@vestora/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { TransferKind } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { csvLine, UTF8_BOM } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import { streamFromSnapshot } from '../../lib/snapshot-stream.ts';
import { DAY_MS } from '../../lib/time.ts';
import {
  findAvailableAccountId,
  findUserName,
  listMovementsPage,
  sumMovementsBefore,
  tryTakeExportSlot,
} from './statement.repo.ts';

/** Movements read per page: a page's lines are a few tens of kilobytes. */
const PAGE_ROWS = 500;

/**
 * Downloads one person may have running at once, on every server together. Each holds a database
 * connection until its client has read the last page, so a person starting many at once could
 * otherwise take every connection and stall everybody else.
 */
export const STATEMENT_EXPORTS_PER_PERSON = 2;

/** Each movement of the available balance, in the words of the statement. */
const MOVEMENT_TYPES: Partial<Record<TransferKind, string>> = {
  deposit: 'Deposit',
  admin_credit: 'Credit',
  admin_debit: 'Debit',
  withdrawal_hold: 'Withdrawal',
  withdrawal_release: 'Withdrawal returned',
  investment: 'Plan investment',
  plan_return: 'Plan return',
  principal_return: 'Plan principal returned',
};

/** The first line of every statement, after the mark that tells spreadsheets it is UTF-8. */
const STATEMENT_HEADER = UTF8_BOM + csvLine(STATEMENT_COLUMNS);

export interface Statement {
  fileName: string;
  content: ReadableStream<Uint8Array>;
}

/**
 * The user's statement as CSV: every movement of their available balance (the account balance
 * they see) in the days asked, oldest first, each with the balance after it. The balance after is
 * exact whatever the range: the sum of every movement before the range, carried through the pages,
 * all read in one snapshot. Amounts are dollars with two decimals, written from the integer cents.
 */
export async function exportStatement(
  deps: { db: Database; clock: Clock },
  { userId, requestedBy }: { userId: string; requestedBy: string },
  query: StatementQuery,
  { fileNamePrefix = 'statement' }: { fileNamePrefix?: string } = {},
): Promise<Statement> {
  const from = query.from ? `${query.from}T00:00:00Z` : '-infinity';
  // Without an end, everything up to this moment; the end day is the start of the next one.
  const until = query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS).toISOString() : 'infinity';
  const to = query.to ?? deps.clock.now().toISOString().slice(0, 10);
  const content = await streamFromSnapshot(deps.db, {
    admit: async (tx) => {
      if (!(await tryTakeExportSlot(tx, { personId: requestedBy, slots: STATEMENT_EXPORTS_PER_PERSON }))) {
        throw new AppError('TOO_MANY_REQUESTS', MESSAGES.statementExportsBusy);
      }
    },
    produce: async (tx, write) => {
      await write(STATEMENT_HEADER);
      const accountId = await findAvailableAccountId(tx, { userId });
      if (accountId) await writeMovements(tx, write, { accountId, from, until });
    },
  });
  return { fileName: `${fileNamePrefix}-${query.from ?? 'start'}-to-${to}.csv`, content };
}

/**
 * Any user's statement for an administrator, a closed account's too (its history stays for the
 * operator), named after the user; 404 when no account has the id.
 */
export async function exportUserStatementForAdmin(
  deps: { db: Database; clock: Clock },
  { userId, requestedBy }: { userId: string; requestedBy: string },
  query: StatementQuery,
): Promise<Statement> {
  const userName = await findUserName(deps.db, { userId });
  if (!userName) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  return exportStatement(deps, { userId, requestedBy }, query, { fileNamePrefix: `statement-${userName}` });
}

/**
 * The user's whole statement, every movement so far, as one CSV text with its number of movements:
 * the data export's copy, which goes into a zip rather than down the wire. Read in one snapshot,
 * as the download is. No export slot is taken: the data export has its own, stricter limit.
 */
export async function statementCsvOf(
  db: Database,
  userId: string,
): Promise<{ content: string; rows: number }> {
  const parts = [STATEMENT_HEADER];
  const write = async (text: string) => {
    parts.push(text);
  };
  const rows = await db.transaction(
    async (tx) => {
      const accountId = await findAvailableAccountId(tx, { userId });
      return accountId ? writeMovements(tx, write, { accountId, from: '-infinity', until: 'infinity' }) : 0;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { content: parts.join(''), rows };
}

/** Writes the movements of the range page by page; the number of lines written. */
async function writeMovements(
  tx: Executor,
  write: (text: string) => Promise<void>,
  range: { accountId: string; from: string; until: string },
): Promise<number> {
  let balanceCents = await sumMovementsBefore(tx, { accountId: range.accountId, before: range.from });
  let after: { position: string; id: string } | null = null;
  let written = 0;
  for (;;) {
    const rows = await listMovementsPage(tx, {
      ...range,
      after,
      openingCents: balanceCents,
      limit: PAGE_ROWS,
    });
    if (rows.length > 0) {
      await write(
        rows
          .map((row) =>
            csvLine([
              row.at,
              MOVEMENT_TYPES[row.kind] ?? row.kind,
              row.reference_id,
              centsToDecimalText(BigInt(row.delta_cents)),
              centsToDecimalText(BigInt(row.balance_after_cents)),
              row.reason ?? '',
              row.payout_tx_hash ?? '',
            ]),
          )
          .join(''),
      );
    }
    written += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_ROWS) return written;
    balanceCents = BigInt(last.balance_after_cents);
    after = { position: last.position, id: last.id };
  }
}
