import type { RouteRef } from '../contract.ts';
import type * as identity from '../contracts/identity.ts';
export const approveVerificationRoute: RouteRef<typeof identity.approveVerificationRoute> = {
  method: 'POST',
  path: '/api/admin/verifications/:id/approve',
};
export const dataExportRoute: RouteRef<typeof identity.dataExportRoute> = {
  method: 'POST',
  path: '/api/user/data-export',
};
export const identityDocumentRoute: RouteRef<typeof identity.identityDocumentRoute> = {
  method: 'GET',
  path: '/api/identity-documents/:id',
};
export const identityQueueRoute: RouteRef<typeof identity.identityQueueRoute> = {
  method: 'GET',
  path: '/api/admin/verifications',
};
export const identityReviewRoute: RouteRef<typeof identity.identityReviewRoute> = {
  method: 'GET',
  path: '/api/admin/verifications/:id',
};
export const rejectVerificationRoute: RouteRef<typeof identity.rejectVerificationRoute> = {
  method: 'POST',
  path: '/api/admin/verifications/:id/reject',
};
export const submitVerificationRoute: RouteRef<typeof identity.submitVerificationRoute> = {
  method: 'POST',
  path: '/api/user/verification',
};
export const uploadIdentityImageRoute: RouteRef<typeof identity.uploadIdentityImageRoute> = {
  method: 'POST',
  path: '/api/user/verification/images',
};
export const verificationStateRoute: RouteRef<typeof identity.verificationStateRoute> = {
  method: 'GET',
  path: '/api/user/verification',
};
export const withdrawalLimitsRoute: RouteRef<typeof identity.withdrawalLimitsRoute> = {
  method: 'GET',
  path: '/api/user/withdrawal-limits',
};
