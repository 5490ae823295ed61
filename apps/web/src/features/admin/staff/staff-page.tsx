import { QUORUM_KIND_LABELS, type QuorumRule, STAFF_ROLE_LABELS, type StaffMember } from '@vestora/shared';
import { useId, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTable } from '../../../ui/query-table.tsx';
import { Cell, Row } from '../../../ui/table.tsx';
import { QuorumDialog } from './quorum-dialog.tsx';
import { rolesApproving } from './role-descriptions.ts';
import { useApprovalPolicy, useStaff } from './staff-api.ts';
import { StaffRolesDialog } from './staff-roles-dialog.tsx';

const STAFF_COLUMNS = ['Name', 'Roles', 'Two-factor', 'Status', 'Approves', 'Action'] as const;
const POLICY_COLUMNS = ['Guarded action', 'Must agree', 'Can approve', 'Change'] as const;

const BADGE_CLASS = 'rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;

/** When each role still in its delay starts to count; "Now" once every role counts. */
function ApprovalStart({ member, now }: { member: StaffMember; now: number }) {
  const delayed = member.roles.filter((grant) => Date.parse(grant.canApproveFrom) > now);
  if (delayed.length === 0) return <span className="text-slate-600">Now</span>;
  return (
    <ul className="space-y-0.5 text-amber-900">
      {delayed.map((grant) => (
        <li key={grant.role}>
          Can approve from {formatDateTime(grant.canApproveFrom)}
          {member.roles.length > 1 && ` (${STAFF_ROLE_LABELS[grant.role]})`}
        </li>
      ))}
    </ul>
  );
}

function StaffRow({
  member,
  now,
  onChangeRoles,
}: {
  member: StaffMember;
  now: number;
  onChangeRoles: () => void;
}) {
  return (
    <Row>
      <Cell label="Name" isWide>
        <p className="font-medium [overflow-wrap:anywhere] text-slate-900">{member.fullName}</p>
        <p className="text-xs break-all text-slate-500">{member.email}</p>
      </Cell>
      <Cell label="Roles" isWide>
        <span className="flex flex-wrap gap-1">
          {member.roles.map((grant) => (
            <span key={grant.role} className={`${BADGE_CLASS} bg-slate-900 text-white`}>
              {STAFF_ROLE_LABELS[grant.role]}
            </span>
          ))}
        </span>
      </Cell>
      <Cell label="Two-factor">
        <span
          className={`${BADGE_CLASS} ${member.isTwoFactorOn ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-800'}`}
        >
          {member.isTwoFactorOn ? 'On' : 'Off'}
        </span>
      </Cell>
      <Cell label="Status">
        <span
          className={`${BADGE_CLASS} ${member.suspended ? 'bg-red-100 text-red-800' : 'bg-green-100 text-green-800'}`}
        >
          {member.suspended ? 'Suspended' : 'Active'}
        </span>
      </Cell>
      <Cell label="Approves" className="text-xs">
        <ApprovalStart member={member} now={now} />
      </Cell>
      <Cell label="Action">
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Change roles of ${member.fullName}`}
          onClick={onChangeRoles}
          className="whitespace-nowrap"
        >
          Change roles
        </Button>
      </Cell>
    </Row>
  );
}

function PolicyRow({ rule, onEdit }: { rule: QuorumRule; onEdit: () => void }) {
  const label = QUORUM_KIND_LABELS[rule.kind];
  return (
    <Row>
      <Cell label="Guarded action" isWide className="font-medium text-slate-900">
        {label}
      </Cell>
      <Cell label="Must agree" className="text-slate-700">
        {people(rule.quorum)} must agree
      </Cell>
      <Cell label="Can approve" className="text-slate-700">
        {rule.eligible} can approve ({rolesApproving(rule.kind).join(', ')})
        {rule.eligible < rule.quorum && (
          <span className="mt-0.5 block text-xs text-amber-900">
            {rule.eligible === 1
              ? 'One person decides alone until more staff hold these roles.'
              : `All ${rule.eligible} must agree until more staff hold these roles.`}
          </span>
        )}
      </Cell>
      <Cell label="Change">
        <Button variant="secondary" size="sm" aria-label={`Edit: ${label}`} onClick={onEdit}>
          Edit
        </Button>
      </Cell>
    </Row>
  );
}

/** Who works in the console, with which roles, and how many of them must agree to what. */
export function StaffPage() {
  const staff = useStaff();
  const policy = useApprovalPolicy();
  const [rolesOf, setRolesOf] = useState<StaffMember | null>(null);
  const [editedRule, setEditedRule] = useState<QuorumRule | null>(null);
  const policyHeadingId = useId();
  // Read once per answer: whether a new grant still waits is judged against the time it arrived.
  const now = staff.dataUpdatedAt;
  const delayHours = staff.data?.approvalDelayHours;

  return (
    <section className="space-y-6">
      <div className="space-y-2">
        <PageHeader title="Staff" description="Who works in the console, and what each of them may do." />
        <p className="max-w-3xl text-sm text-slate-700">
          A guarded change takes effect once enough people agree: the person who proposes it counts as one of
          them. Someone given a role approves nothing for{' '}
          {delayHours === undefined ? 'a while' : `${delayHours} hours`}, and nobody can approve a change
          proposed before they were given their role. Give roles to verified users from here or from the Users
          page.
        </p>
      </div>

      <QueryTable
        query={staff}
        label="Staff"
        loadingLabel="Loading staff"
        columns={STAFF_COLUMNS}
        empty="No staff yet."
        renderRow={(member) => (
          <StaffRow key={member._id} member={member} now={now} onChangeRoles={() => setRolesOf(member)} />
        )}
      />

      <section aria-labelledby={policyHeadingId} className="space-y-3">
        <div>
          <h2 id={policyHeadingId} className="text-lg font-semibold text-slate-900">
            Approval policy
          </h2>
          <p className="text-sm text-slate-600">
            How many people must agree before each kind of guarded action takes effect.
          </p>
        </div>
        <QueryTable
          query={policy}
          label="Approval policy"
          loadingLabel="Loading the approval policy"
          columns={POLICY_COLUMNS}
          empty="No guarded actions."
          renderRow={(rule) => <PolicyRow key={rule.kind} rule={rule} onEdit={() => setEditedRule(rule)} />}
        />
      </section>

      {rolesOf && (
        <StaffRolesDialog
          person={rolesOf}
          open
          onOpenChange={(isOpen) => {
            if (!isOpen) setRolesOf(null);
          }}
        />
      )}
      {editedRule && (
        <QuorumDialog
          rule={editedRule}
          open
          onOpenChange={(isOpen) => {
            if (!isOpen) setEditedRule(null);
          }}
        />
      )}
    </section>
  );
}
