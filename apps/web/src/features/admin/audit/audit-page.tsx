import { type AuditEntry, formatReference } from '@vestora/shared';
import { Button } from '../../../ui/button.tsx';
import { SelectField } from '../../../ui/field.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { CloseIcon } from '../../../ui/icons.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTable } from '../../../ui/query-table.tsx';
import { Cell, Row } from '../../../ui/table.tsx';
import { useListParams } from '../../../ui/use-list-params.ts';
import { UserStatementButton } from '../users/user-statement-button.tsx';
import { AUDIT_PAGE_SIZE, type AuditQuery, useAuditLog } from './audit-api.ts';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  actionLabel,
  describeChanges,
  targetName,
  targetTypeLabel,
} from './audit-changes.ts';

const COLUMNS = ['When', 'Administrator', 'Action', 'Target', 'Changes'];
/** The filters the address may carry: a known action or target type, and any target's id. */
const FILTERS = {
  action: Object.keys(AUDIT_ACTIONS),
  targetType: Object.keys(AUDIT_TARGET_TYPES),
  targetId: (value: string) => value.length <= 100,
};
const CLIP_LENGTH = 160;

/** A long value (a support reply) is cut in the row; the whole text stays in the tooltip. */
const clip = (text: string) => (text.length > CLIP_LENGTH ? `${text.slice(0, CLIP_LENGTH)}…` : text);

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = describeChanges(entry);
  if (changes.length === 0) return <span className="text-slate-500">No field changed</span>;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {changes.map(({ field, before, after }) => (
        <li key={field} className="max-w-md min-w-0 break-words">
          <span className="text-slate-500">{field}: </span>
          {before !== null && <del className="text-slate-500 decoration-slate-400">{clip(before)}</del>}
          {before !== null && after !== null && (
            <span aria-hidden="true" className="px-1 text-slate-400">
              →
            </span>
          )}
          {after !== null && (
            <ins
              className="font-medium text-slate-900 no-underline"
              title={after === clip(after) ? undefined : after}
            >
              {clip(after)}
            </ins>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The append-only audit trail: who did what to which record, with what it changed. */
export function AuditPage() {
  const list = useListParams(FILTERS);
  const query: AuditQuery = {
    page: list.page,
    action: list.filterOf('action') ?? '',
    targetType: list.filterOf('targetType') ?? '',
    targetId: list.filterOf('targetId') ?? '',
  };
  const auditLog = useAuditLog(query);
  const isFiltered = Boolean(query.action || query.targetType || query.targetId);

  return (
    <section className="space-y-4">
      <PageHeader
        title="Audit"
        description="Every administrator's act, as it was recorded. Entries are never edited or removed."
      >
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
          <SelectField
            label="Action"
            value={query.action}
            onChange={(event) => list.setFilter('action', event.target.value || null)}
            className="sm:w-48"
          >
            <option value="">All actions</option>
            {Object.entries(AUDIT_ACTIONS).map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Target type"
            value={query.targetType}
            onChange={(event) => list.setFilter('targetType', event.target.value || null)}
            className="sm:w-44"
          >
            <option value="">All targets</option>
            {Object.entries(AUDIT_TARGET_TYPES).map(([targetType, label]) => (
              <option key={targetType} value={targetType}>
                {label}
              </option>
            ))}
          </SelectField>
        </div>
      </PageHeader>

      {isFiltered && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {query.targetId && (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 font-medium text-brand-800 ring-1 ring-brand-100 ring-inset">
              Target <code className="font-mono text-xs">{formatReference(query.targetId)}</code>
              <button
                type="button"
                aria-label="Show every target"
                onClick={() => list.setFilter('targetId', null)}
                className="rounded-full p-0.5 hover:bg-brand-100"
              >
                <CloseIcon width={14} height={14} />
              </button>
            </span>
          )}
          <Button size="sm" variant="ghost" onClick={list.clearFilters}>
            Clear filters
          </Button>
        </div>
      )}

      <QueryTable
        query={auditLog}
        label="Audit trail"
        loadingLabel="Loading the audit trail"
        columns={COLUMNS}
        empty={isFiltered ? 'No entry matches these filters.' : 'Nothing has been recorded yet.'}
        renderRow={(entry) => {
          const name = targetName(entry);
          return (
            <Row key={entry._id}>
              <Cell label="When" className="whitespace-nowrap text-slate-600 tabular-nums">
                {formatDateTime(entry.createdAt)}
              </Cell>
              <Cell label="Administrator" className="whitespace-nowrap text-slate-900">
                {entry.actorName}
              </Cell>
              <Cell label="Action" className="whitespace-nowrap">
                <span className="font-medium text-slate-900">{actionLabel(entry.action)}</span>
                <code className="block font-mono text-[11px] text-slate-500">{entry.action}</code>
              </Cell>
              <Cell label="Target">
                <span className="block break-words text-slate-900">
                  {targetTypeLabel(entry.targetType)}
                  {name ? ` ${name}` : ''}
                </span>
                <button
                  type="button"
                  onClick={() => list.setFilter('targetId', entry.targetId)}
                  title="Only entries for this target"
                  className="font-mono text-[11px] text-brand-700 hover:underline"
                >
                  <span className="sr-only">
                    Only entries for {targetTypeLabel(entry.targetType).toLowerCase()} {entry.targetId}{' '}
                  </span>
                  {formatReference(entry.targetId)}
                </button>
                {entry.targetType === 'user' && (
                  <UserStatementButton userId={entry.targetId} name={name ?? entry.targetId} />
                )}
              </Cell>
              <Cell label="Changes" isWide>
                <Changes entry={entry} />
              </Cell>
            </Row>
          );
        }}
        pagination={{
          page: query.page,
          pageSize: AUDIT_PAGE_SIZE,
          noun: 'entries',
          onPageChange: list.setPage,
        }}
      />
    </section>
  );
}
