import { API_KEY_MESSAGES, type ApiKey, apiKeyStatusOf, STAFF_PERMISSION_LABELS } from '@vestora/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../ui/button.tsx';
import { copyText } from '../../../ui/copy-text.ts';
import { ConfirmDialog, DialogActions, Modal } from '../../../ui/dialog.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTable } from '../../../ui/query-table.tsx';
import { Cell, Row } from '../../../ui/table.tsx';
import { useApiKeys, useRevokeApiKey } from './api-keys-api.ts';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';

const COLUMNS = [
  'Key',
  'Permissions',
  'Accepted from',
  'Created',
  'Expires',
  'Last used',
  'Status',
  'Action',
] as const;

const STATUS_CLASS: Record<string, string> = {
  Active: 'bg-green-100 text-green-800',
  Expired: 'bg-slate-200 text-slate-700',
  Revoked: 'bg-red-100 text-red-800',
};

function ApiKeyRow({ apiKey, now, onRevoke }: { apiKey: ApiKey; now: Date; onRevoke: () => void }) {
  const status = apiKeyStatusOf(apiKey, now);
  return (
    <Row>
      <Cell label="Key" isWide>
        <p className="font-medium [overflow-wrap:anywhere] text-slate-900">{apiKey.name}</p>
        <p className="font-mono text-xs text-slate-500">{apiKey.prefix}…</p>
      </Cell>
      <Cell label="Permissions" isWide className="text-xs text-slate-700">
        <ul className="space-y-0.5">
          {apiKey.permissions.map((permission) => (
            <li key={permission} className="first-letter:uppercase">
              {STAFF_PERMISSION_LABELS[permission]}
            </li>
          ))}
        </ul>
      </Cell>
      <Cell label="Accepted from" className="text-xs break-all text-slate-700">
        {apiKey.allowedRanges.length > 0 ? (
          <span className="font-mono">{apiKey.allowedRanges.join(', ')}</span>
        ) : (
          'Anywhere'
        )}
      </Cell>
      <Cell label="Created" className="text-xs text-slate-700">
        {formatDateTime(apiKey.createdAt)}
      </Cell>
      <Cell label="Expires" className="text-xs text-slate-700">
        {formatDateTime(apiKey.expiresAt)}
      </Cell>
      <Cell label="Last used" className="text-xs text-slate-700">
        {apiKey.lastUsedAt ? (
          <>
            {formatDateTime(apiKey.lastUsedAt)}
            <span className="block font-mono break-all text-slate-500">{apiKey.lastUsedIp}</span>
          </>
        ) : (
          'Never'
        )}
      </Cell>
      <Cell label="Status">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_CLASS[status]}`}
        >
          {status}
        </span>
      </Cell>
      <Cell label="Action">
        {status === 'Active' ? (
          <Button variant="secondary" size="sm" aria-label={`Revoke ${apiKey.name}`} onClick={onRevoke}>
            Revoke
          </Button>
        ) : (
          <span className="text-xs text-slate-500">None</span>
        )}
      </Cell>
    </Row>
  );
}

/** The secret of a key just created: shown here once, with a button to copy it. */
function NewSecretDialog({
  created,
  onClose,
}: {
  created: { key: ApiKey; secret: string };
  onClose: () => void;
}) {
  return (
    <Modal
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={`Copy the secret of ${created.key.name}`}
      description="It is shown this once: the server keeps only a hash of it. Send it as Authorization: Bearer <secret>."
    >
      <output
        aria-label="Secret of the new key"
        className="block rounded-lg border border-slate-300 bg-slate-50 px-3 py-2.5 font-mono text-sm break-all text-slate-900"
      >
        {created.secret}
      </output>
      <DialogActions>
        <Button
          variant="secondary"
          onClick={() =>
            void copyText(created.secret).then((isCopied) => {
              if (isCopied) toast.success(API_KEY_MESSAGES.secretCopied);
            })
          }
        >
          Copy secret
        </Button>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Modal>
  );
}

/** Each staff member's own keys for their tools: create, see their last use, revoke. */
export function ApiKeysPage() {
  const apiKeys = useApiKeys();
  const revokeApiKey = useRevokeApiKey();
  const [isCreating, setIsCreating] = useState(false);
  const [created, setCreated] = useState<{ key: ApiKey; secret: string } | null>(null);
  const [revoked, setRevoked] = useState<ApiKey | null>(null);
  // Read once per answer: whether a key has expired is judged against the time it arrived.
  const now = new Date(apiKeys.dataUpdatedAt);

  return (
    <section className="space-y-6">
      <div className="space-y-2">
        <PageHeader
          title="API keys"
          description="Keys for your own tools on the admin API: each acts as you, with only the permissions you give it."
        >
          <Button onClick={() => setIsCreating(true)}>Create key</Button>
        </PageHeader>
        <p className="max-w-3xl text-sm text-slate-700">
          A key never approves anything, never does what needs your password again (moving money or power,
          making keys), and never acts on an account&apos;s own pages. If you lose a permission, your keys
          lose it too.
        </p>
      </div>

      <QueryTable
        query={apiKeys}
        label="API keys"
        loadingLabel="Loading API keys"
        columns={COLUMNS}
        empty="No API keys yet."
        renderRow={(apiKey) => (
          <ApiKeyRow key={apiKey._id} apiKey={apiKey} now={now} onRevoke={() => setRevoked(apiKey)} />
        )}
      />

      {isCreating && (
        <CreateApiKeyDialog
          open
          onOpenChange={setIsCreating}
          onCreated={(result) => {
            setIsCreating(false);
            setCreated(result);
          }}
        />
      )}
      {created && <NewSecretDialog created={created} onClose={() => setCreated(null)} />}
      {revoked && (
        <ConfirmDialog
          open
          onOpenChange={(isOpen) => {
            if (!isOpen) setRevoked(null);
          }}
          title="Revoke API key"
          question={`Revoke ${revoked.name}? Every request with it is refused from now on.`}
          confirmLabel="Revoke"
          busyLabel="Revoking..."
          variant="danger"
          isBusy={revokeApiKey.isPending}
          onConfirm={() => revokeApiKey.mutate(revoked._id, { onSuccess: () => setRevoked(null) })}
        />
      )}
    </section>
  );
}
