import { Link } from 'react-router';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { PendingChangeList } from './pending-changes-panel.tsx';
import { usePendingChanges } from './pending-changes-query.ts';

/** Every change that waits for more people to agree, whatever its kind, oldest first. */
export function ApprovalsPage() {
  const pendingChanges = usePendingChanges();
  return (
    <section className="space-y-4">
      <PageHeader
        title="Approvals"
        description={
          <>
            Changes that need more than one person: approve what you have checked, reject what you did not
            expect. How many must agree is set in the{' '}
            <Link to="/admin/staff" className="font-medium text-brand-700 underline underline-offset-2">
              approval policy
            </Link>
            .
          </>
        }
      />
      <QueryView
        query={pendingChanges}
        loadingLabel="Loading the changes waiting for approval"
        empty={{ when: ({ data }) => data.length === 0, content: 'Nothing waits for approval.' }}
      >
        {({ data }) => <PendingChangeList changes={data} />}
      </QueryView>
    </section>
  );
}
