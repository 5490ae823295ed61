import type { RouteRef } from '../contract.ts';
import type * as mailAlerts from '../contracts/mail-alerts.ts';

export const alertPreferencesRoute: RouteRef<typeof mailAlerts.alertPreferencesRoute> = {
  method: 'GET',
  path: '/api/user/alertPreferences',
};
export const antiPhishingCodeRoute: RouteRef<typeof mailAlerts.antiPhishingCodeRoute> = {
  method: 'GET',
  path: '/api/user/antiPhishingCode',
};
export const setAlertPreferencesRoute: RouteRef<typeof mailAlerts.setAlertPreferencesRoute> = {
  method: 'PUT',
  path: '/api/user/alertPreferences',
};
export const setAntiPhishingCodeRoute: RouteRef<typeof mailAlerts.setAntiPhishingCodeRoute> = {
  method: 'PUT',
  path: '/api/user/antiPhishingCode',
};
export const revealAntiPhishingCodeRoute: RouteRef<typeof mailAlerts.revealAntiPhishingCodeRoute> = {
  method: 'POST',
  path: '/api/user/antiPhishingCode/reveal',
};
