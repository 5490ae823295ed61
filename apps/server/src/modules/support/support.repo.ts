import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { supportMessages, supportTickets, users } from '../../db/schema/index.ts';

export type TicketRow = typeof supportTickets.$inferSelect;
type TicketStatus = TicketRow['status'];

export async function insertTicket(
  db: Executor,
  values: { userId: string; subject: string },
): Promise<TicketRow> {
  const [row] = await db.insert(supportTickets).values(values).returning();
  if (!row) throw new Error('ticket insert returned nothing');
  return row;
}

export async function insertMessage(
  db: Executor,
  values: { ticketId: string; authorId: string; isFromStaff: boolean; body: string },
): Promise<void> {
  await db.insert(supportMessages).values(values);
}

export async function lockTicket(db: Executor, { id }: { id: string }): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
  return row;
}

export async function setTicketStatus(
  db: Executor,
  { id, status, now }: { id: string; status: TicketStatus; now: Date },
) {
  await db.update(supportTickets).set({ status, updatedAt: now }).where(eq(supportTickets.id, id));
}

/** Tickets newest activity first, each with its whole conversation. */
export async function listTicketsWithMessages(
  db: Executor,
  filter: { userId?: string; status?: TicketStatus; ids?: string[]; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(supportTickets.userId, filter.userId));
  if (filter.status) conditions.push(eq(supportTickets.status, filter.status));
  if (filter.ids) conditions.push(inArray(supportTickets.id, filter.ids));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [tickets, [totals]] = await Promise.all([
    db
      .select({ ticket: supportTickets, userName: users.userName, fullName: users.fullName })
      .from(supportTickets)
      .innerJoin(users, eq(users.id, supportTickets.userId))
      .where(where)
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(supportTickets).where(where),
  ]);
  const ticketIds = tickets.map(({ ticket }) => ticket.id);
  const messages =
    ticketIds.length === 0
      ? []
      : await db
          .select({ message: supportMessages, authorName: users.fullName })
          .from(supportMessages)
          .innerJoin(users, eq(users.id, supportMessages.authorId))
          .where(inArray(supportMessages.ticketId, ticketIds))
          .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return { tickets, messages, total: totals?.total ?? 0 };
}

export async function countOpenTickets(db: Executor, { userId }: { userId: string }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(supportTickets)
    .where(and(eq(supportTickets.userId, userId), ne(supportTickets.status, 'closed')));
  return row?.total ?? 0;
}
