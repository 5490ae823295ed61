import type { ProfileDetails, TradeUser } from '@vestora/shared';
import { useState } from 'react';
import { useProfileDetails } from './account-api.ts';
import { AccountSettings } from './account-settings.tsx';
import { AvatarPicker } from './avatar-picker.tsx';
import { useProfile } from './profile-api.ts';
import { UpdateProfileDialog } from './update-profile-dialog.tsx';

function addressLine(details: ProfileDetails | undefined): string | null {
  const parts = [details?.address, details?.postalCode, details?.country].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

function profileRows(user: TradeUser, details: ProfileDetails | undefined) {
  return [
    { label: 'Full Name', value: user.fullName },
    { label: 'Email', value: user.email },
    { label: 'Phone Number', value: details?.phone ?? null },
    { label: 'Date of birth', value: details?.dateOfBirth ?? null },
    { label: 'Address', value: addressLine(details) },
  ];
}

export function ProfilePage() {
  const { data: user } = useProfile();
  const { data: details } = useProfileDetails();
  const [isEditing, setIsEditing] = useState(false);
  if (!user) return null;

  return (
    <AccountSettings>
      <section
        aria-label="Profile picture"
        className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <AvatarPicker user={user} size="lg" />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-slate-900">{user.fullName}</p>
          <p className="truncate text-sm text-slate-600">@{user.userName}</p>
          <p className="mt-1 text-xs text-slate-500">Select the picture to add or change it.</p>
        </div>
      </section>
      <section
        aria-labelledby="personal-information"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <div className="border-b border-slate-100 px-5 py-4">
          <h2 id="personal-information" className="font-semibold text-slate-900">
            Personal information
          </h2>
          <p className="text-sm text-slate-600">Select a row to update your profile.</p>
        </div>
        <ul className="divide-y divide-slate-100">
          {profileRows(user, details?.data).map((row) => (
            <li key={row.label}>
              <button
                type="button"
                onClick={() => setIsEditing(true)}
                className="flex w-full flex-col gap-0.5 px-5 py-4 text-left hover:bg-slate-50 sm:flex-row sm:items-center sm:gap-4"
              >
                <span className="text-sm text-slate-600 sm:w-40 sm:shrink-0">{row.label}</span>
                <span
                  className={`min-w-0 flex-1 break-words text-sm ${row.value ? 'font-medium text-slate-900' : 'text-slate-500 italic'}`}
                >
                  {row.value ?? 'Not added yet'}
                </span>
                <span aria-hidden="true" className="hidden text-sm font-semibold text-brand-700 sm:block">
                  Edit
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <UpdateProfileDialog user={user} details={details?.data} open={isEditing} onOpenChange={setIsEditing} />
    </AccountSettings>
  );
}
