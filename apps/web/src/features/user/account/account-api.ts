import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf, ContractOf, ResponseOf, TradeUser } from '@vestora/shared';
import {
  changePasswordRoute,
  profileDetailsRoute,
  updateAvatarRoute,
  updateProfileRoute,
} from '@vestora/shared/routes';
import { useEffect, useState } from 'react';
import { ApiError, callApi, queryKeyOf, routeQuery } from '../../../client/api.ts';
import { getSession, updateSessionUser } from '../../../client/session.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';
import { profileQueryKey } from './profile-api.ts';

const DETAILS_KEY = queryKeyOf(profileDetailsRoute);

/** Phone, date of birth and address: kept beside the specification's user record, not in it. */
export function useProfileDetails() {
  return useQuery(routeQuery(profileDetailsRoute));
}

/** A fresh user record from the server goes into the stored session and the profile cache at once. */
function useStoreUser() {
  const queryClient = useQueryClient();
  return (user: TradeUser) => {
    updateSessionUser(user);
    queryClient.setQueryData(profileQueryKey(user._id), user);
  };
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const storeUser = useStoreUser();
  return useToastMutation({
    mutationFn: (body: BodyInputOf<ContractOf<typeof updateProfileRoute>>) =>
      callApi(updateProfileRoute, { body }),
    onSuccess: ({ data, details }) => {
      storeUser(data);
      queryClient.setQueryData<ResponseOf<ContractOf<typeof profileDetailsRoute>>>(DETAILS_KEY, {
        data: details,
      });
    },
  });
}

/** The server checks the old password and signs out every other session; this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: BodyInputOf<ContractOf<typeof changePasswordRoute>>) =>
      callApi(changePasswordRoute, { body }),
  });
}

export function useUploadAvatar() {
  const storeUser = useStoreUser();
  return useToastMutation({
    waitMessage: () => 'Uploading your picture...',
    isErrorToasted: true,
    mutationFn: (image: File) => {
      const form = new FormData();
      form.append('image', image);
      return callApi(updateAvatarRoute, { body: form });
    },
    onSuccess: ({ data }) => storeUser(data),
  });
}

/**
 * The picture behind `avatarUrl`, as an object URL this component owns. Avatars are private files,
 * served only with the owner's bearer token, which an `<img src>` cannot send; so the bytes are
 * fetched here (cached per address, which changes with every upload) and shown from a blob.
 */
export function useAvatarObjectUrl(avatarUrl: string | null): string | null {
  const { data: image } = useQuery({
    queryKey: ['avatar', avatarUrl],
    enabled: avatarUrl !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const token = getSession()?.token;
      const response = await fetch(avatarUrl ?? '', {
        signal,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw new ApiError(response.statusText, response.status);
      return response.blob();
    },
  });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image) {
      setObjectUrl(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);
  return avatarUrl ? objectUrl : null;
}
