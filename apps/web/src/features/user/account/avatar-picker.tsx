import type { TradeUser } from '@vestora/shared';
import { useRef, useState } from 'react';
import { initials } from '../../../shell/account-menu.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { useAvatarObjectUrl, useUploadAvatar } from './account-api.ts';

const SIZES = { sm: 'h-9 w-9 text-xs', lg: 'h-20 w-20 text-xl' } as const;

/** The person's picture, or their initials until they add one. */
export function UserAvatar({ user, size = 'sm' }: { user: TradeUser; size?: keyof typeof SIZES }) {
  const imageUrl = useAvatarObjectUrl(user.avatar);
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-700 font-bold text-white ${SIZES[size]}`}
    >
      {imageUrl ? (
        <img src={imageUrl} alt="" className="h-full w-full object-cover" />
      ) : (
        initials(user.fullName)
      )}
    </span>
  );
}

/**
 * The avatar as a button: it asks first ('Add Image'), then opens a picker that offers images only,
 * and uploads the chosen one so every screen and device shows it.
 */
export function AvatarPicker({ user, size = 'sm' }: { user: TradeUser; size?: keyof typeof SIZES }) {
  const [isAsking, setIsAsking] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();

  const onChosen = (event: React.ChangeEvent<HTMLInputElement>) => {
    const image = event.target.files?.[0];
    // The same file chosen twice in a row must fire again.
    event.target.value = '';
    if (!image) return;
    upload.mutate(image);
  };

  return (
    <>
      <button
        type="button"
        onClick={() => setIsAsking(true)}
        disabled={upload.isPending}
        className="rounded-full hover:opacity-90 disabled:opacity-60"
      >
        <UserAvatar user={user} size={size} />
        {/* Named by hidden text, not aria-label: the initials shown are decoration, not the name. */}
        <span className="sr-only">
          {user.avatar ? 'Change your profile picture' : 'Add a profile picture'}
        </span>
      </button>
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        className="hidden"
        onChange={onChosen}
      />
      <ConfirmDialog
        open={isAsking}
        onOpenChange={setIsAsking}
        title="Add Image"
        question="Choose a picture (PNG, JPEG, WebP or GIF) to show beside your name."
        confirmLabel="Choose image"
        busyLabel="Choose image"
        isBusy={false}
        onConfirm={() => {
          setIsAsking(false);
          fileInput.current?.click();
        }}
      />
    </>
  );
}
