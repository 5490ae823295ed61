import { PUSH_MESSAGES, type PushChoices, PushChoicesSchema } from '@vestora/shared';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/field.tsx';
import { type Choice, ChoicesForm } from './choices-form.tsx';
import {
  type DevicePushState,
  readDevicePushState,
  usePushChoices,
  useSetPushChoices,
  useTogglePushes,
} from './push-api.ts';

const CHOICES: Choice<keyof PushChoices>[] = [
  { key: 'deposits', label: 'Deposits', hint: 'A deposit credited, approved or declined.' },
  { key: 'withdrawals', label: 'Withdrawals', hint: 'A withdrawal approved, paid or declined.' },
  { key: 'tickets', label: 'Support replies', hint: 'Our team answered one of your requests.' },
];

const STATE_TEXT: Record<DevicePushState, string> = {
  checking: 'Checking this device…',
  unsupported: 'Not supported: this browser cannot show notifications from this site.',
  blocked: 'Blocked by the browser: allow notifications for this site in its settings to turn them on.',
  off: 'Off on this device.',
  on: 'On for this device.',
};

/** Security, after the e-mail alerts: notifications pushed to this device, and which ones. */
export function PushNotificationsPanel() {
  const [deviceState, setDeviceState] = useState<DevicePushState>('checking');
  const [toggleError, setToggleError] = useState<string>();
  const toggle = useTogglePushes();
  const { data } = usePushChoices();
  const saveChoices = useSetPushChoices();
  useEffect(() => {
    let isCurrent = true;
    void readDevicePushState()
      .catch((): DevicePushState => 'off')
      .then((state) => {
        if (isCurrent) setDeviceState(state);
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  const onToggle = async (isOn: boolean) => {
    setToggleError(undefined);
    try {
      setDeviceState((await toggle.mutateAsync(isOn)).state);
    } catch (failure) {
      // The browser's own refusal (no push service, as in a browser without Google's): not the server's.
      setToggleError(
        failure instanceof DOMException ? PUSH_MESSAGES.pushServiceUnavailable : errorMessage(failure),
      );
    }
  };

  return (
    <section
      aria-labelledby="push-choices"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="push-choices" className="font-semibold text-slate-900">
        Push notifications
      </h2>
      <p role="status" className="text-sm text-slate-600">
        {STATE_TEXT[deviceState]}
      </p>
      {deviceState === 'off' || deviceState === 'on' ? (
        <Button
          className="mt-2"
          variant={deviceState === 'on' ? 'secondary' : 'primary'}
          disabled={toggle.isPending}
          onClick={() => void onToggle(deviceState === 'off')}
        >
          {deviceState === 'on' ? 'Turn off' : 'Turn on notifications on this device'}
        </Button>
      ) : null}
      <FormError message={toggleError} />
      <p className="mt-3 text-sm text-slate-600">
        Security notices always come to the devices that have notifications on. Choose the others:
      </p>
      <ChoicesForm
        schema={PushChoicesSchema}
        choices={CHOICES}
        saved={data?.data}
        save={(choices) => saveChoices.mutateAsync(choices)}
        isSaving={saveChoices.isPending}
        legend="Pushed notifications"
        submitLabel="Save push choices"
      />
    </section>
  );
}
