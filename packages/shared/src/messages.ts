import { formatUtcTime } from './dates.ts';

/** Texts the specification fixes (sections 5 and 8); web and server show them verbatim. */
export const MESSAGES = {
  loginRequired: 'Email/Username and Password are required.',
  invalidCredentials: 'Invalid credentials',
  loginSuccess: 'Login successful',
  tooManyAttempts: 'Too many attempts. Try again later.',
  suspended: 'Your account is suspended. Contact support.',
  signupAllFields: 'All fields are required.',
  signupFullName: 'Full name must contain both a first name and a last name separated by a space.',
  signupPasswordsMatch: 'Passwords do not match.',
  signupPasswordStrength: 'Password must include uppercase, lowercase, and special characters.',
  signupPasswordLength: 'Password must be between 8 and 128 characters.',
  signupEmail: 'Please enter a valid email address.',
  signupUserName: 'Username must be 3 to 30 letters, digits, dots, dashes or underscores.',
  signupPrivacy: 'Please accept the Privacy Policy.',
  signupSuccess: 'Registration successful!',
  signupDialog: 'Your account has been registered successfully. Please check your email for verification.',
  emailTaken: 'An account with this email already exists.',
  userNameTaken: 'This username is already taken.',
  unexpected: 'An unexpected error occurred',
  networkError: 'Error occurred',
  signupFailed: 'Registration failed. Please try again.',
  signInRequired: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  adminOnly: 'Only administrators can do this.',
  notYours: 'You can only view your own profile.',
  userNotFound: 'User not found.',
  usersFetched: 'Users fetched successfully',
  userVerified: 'User verification was successful!',
  userSuspended: 'User suspended. Their sessions stop working at once.',
  userUnsuspended: 'User unsuspended. They can sign in again.',
  userDeleted: 'User deleted.',
  cannotSuspendSelf: 'You cannot suspend your own account.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  deleteHasPendingDeposit:
    'This user has a pending deposit. Approve or decline it before deleting the account.',
  deleteHasPendingWithdrawal:
    'This user has a pending withdrawal. Approve or decline it before deleting the account.',
  deleteHasBalance:
    'This user still has money on the platform. Their balance must be zero before the account can be deleted.',
  deleteConfirm: 'Are you sure you want to delete this user?',
  statementFromInvalid: 'The start date must be a date written as YYYY-MM-DD.',
  statementToInvalid: 'The end date must be a date written as YYYY-MM-DD.',
  statementRangeReversed: 'The end date must be on or after the start date.',
  statementExportsBusy:
    'Two statements of yours are being downloaded already. Wait until one has finished, then try again.',
  closeAccountPasswordRequired: 'Enter your password to close your account.',
  closeAccountHasPendingDeposit:
    'You have a pending deposit. Your account can be closed once it is approved or declined.',
  closeAccountHasPendingWithdrawal:
    'You have a pending withdrawal. Your account can be closed once it is paid or declined.',
  closeAccountHasActivePlan: 'You have an active plan. Your account can be closed once it has ended.',
  closeAccountHasBalance: 'Your balance is not zero. Withdraw it before closing your account.',
  accountClosed: 'Your account is closed and you have been signed out.',
  closeAccountIsAdmin:
    'An administrator account cannot be closed. Another administrator must remove your administrator role first.',
  confirmPayment: 'Are you sure you want to confirm this payment?',
  noTransactions: 'No Transaction Recorded Yet',
  addressCopied: 'Address copied to clipboard!',
  noDepositCoins: 'Deposits are not open yet: no wallet address has been set up. Please try again later.',
  copyBlocked: 'Copying is blocked here. Select the address and copy it by hand.',
  pleaseWait: 'Please wait....',
  userSearchTooLong: 'Search text must be at most 100 characters.',
  userSearchCharacters: 'Search text contains characters that are not allowed.',
  userSortField: 'Sort by one of createdAt, fullName, userName or balance.',
  userSortOrder: 'Order must be asc or desc.',
  loggedOut: 'You have been logged out.',
  depositModeAndAmount: 'Please select a mode and enter the amount to deposit!',
  amountNumberOnly: 'Amount must be a number only',
  unknownCoin: 'Choose a payment mode: btc, eth or usdt.',
  depositSuccess: 'Deposit successful',
  depositApproved: 'Deposit approved successfully.',
  depositDeclined: 'Deposit declined.',
  depositFirstApproval:
    'First approval recorded. Another staff member must approve this deposit before it is credited.',
  alreadyProcessed: 'This transaction has already been processed.',
  transactionNotFound: 'Transaction not found.',
  insufficientBalance: 'Insufficient balance.',
  adjustmentFieldsRequired: 'All fields must be required',
  adjustmentMode: 'All fields must be filled and mode must be either credit or debit',
  invalidAmount: 'Please enter a valid amount.',
  amountTooLarge: 'This amount is too large.',
  accountCredited: 'Account credited successfully.',
  accountDebited: 'Account debited successfully.',
  withdrawFieldsRequired: 'Please enter the amount, the method and the destination address.',
  invalidAddress: 'Invalid address for this coin.',
  mustBeVerifiedToWithdraw: 'Your account must be verified by an administrator before you can withdraw.',
  withdrawalRequested: 'Withdrawal request submitted.',
  withdrawalAddressNotSaved:
    'Withdrawals go only to an address saved in your address book. Add it there first.',
  withdrawalAddressSaved: 'Address saved. It can be used for withdrawals once its waiting period is over.',
  withdrawalAddressSavedUsableNow: 'Address saved. It can be used for withdrawals now.',
  withdrawalAddressNeedsPassword: 'Enter your current password to add a withdrawal address.',
  withdrawalAddressRemoved: 'Address removed.',
  withdrawalAddressDuplicate: 'This address is already in your address book.',
  withdrawalAddressNotFound: 'This address is not in your address book.',
  withdrawalAddressLabelRequired: 'Please enter a label of at most 60 characters.',
  withdrawalAddressCancelled: 'The address was removed from the address book. It cannot receive withdrawals.',
  withdrawalAddressCancelLinkInvalid: 'This link is not valid, or the address was already removed.',
  withdrawalApproved: 'Withdrawal approved.',
  administratorRoleChoice: 'Say whether the account is to be an administrator (isAdmin true or false).',
  administratorRoleNeedsPassword: 'Enter your current password to change who is an administrator.',
  administratorRoleNeedsVerified: 'Only a verified account can be made an administrator.',
  lastAdministrator: 'This is the last administrator. Make another account an administrator first.',
  administratorRoleGranted: 'The account is now an administrator.',
  administratorRoleRevoked: 'The account is no longer an administrator.',
  withdrawalFirstApproval:
    'First approval recorded. A second administrator must approve this withdrawal before it is paid.',
  withdrawalApprovedAlreadyByYou:
    'You have approved this withdrawal already. A different administrator must approve it before it is paid.',
  withdrawalDeclined: 'Withdrawal declined.',
  proofType: 'Proof of payment must be a PNG, JPEG, WebP or GIF image, or a PDF.',
  fileTooLarge: 'The file is too large.',
  fileEmpty: 'The file is empty.',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed.',
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  investFieldsRequired: 'Please choose a plan and enter the amount.',
  planNotFound: 'This plan does not exist.',
  planRetired: 'This plan is no longer offered.',
  mustBeVerifiedToInvest: 'Your account must be verified by an administrator before you can invest.',
  investmentStarted: 'Investment started.',
  planName: 'A plan needs a name of 1 to 60 characters.',
  planNameTaken: 'A plan with this name already exists.',
  planRate: 'The rate must be a percent above 0 and at most 100, with up to two decimals.',
  planPeriod: 'The period must be daily, weekly or monthly.',
  planDuration: 'The duration must be a whole number of days, at least one period long.',
  planRange: 'The minimum and maximum must be valid amounts, the minimum not above the maximum.',
  planPrincipalReturn: 'principalReturn must be true or false.',
  planSaved: 'Plan saved.',
  planRetiredNow: 'Plan retired. Running investments continue on their terms.',
  reserveFunded: 'Reserve funded.',
  fieldTooLong: 'One of the fields is too long.',
  profilePhone: 'Please enter a valid phone number.',
  profileDate: 'Please enter the date of birth as DD/MM/YYYY.',
  profileAge: 'You must be at least 18 years old.',
  profileUpdated: 'Profile updated successfully.',
  oldPasswordWrong: 'The old password is not correct.',
  sessionEnded:
    'You were signed out: your session ended on another device, by a password change or by time. Please sign in again.',
  newPasswordSameAsOld: 'The new password must differ from the old one.',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  avatarRequired: 'Please choose an image.',
  avatarType: 'The picture must be a PNG, JPEG, WebP or GIF image.',
  avatarUpdated: 'Profile picture updated.',
  supportMessageRequired: 'Please write a message.',
  supportMessageTooLong: 'The message is too long (5,000 characters at most).',
  supportMessageSent: 'Your message has been sent. Our team will answer here.',
  supportReplySent: 'Reply sent.',
  supportTicketNotFound: 'Support ticket not found.',
  supportTicketClosed: 'This ticket is closed.',
  supportTicketClosedNow: 'Ticket closed.',
  notificationNotFound: 'Notification not found.',
  notificationsRead: 'Notifications marked as read.',
  twoFactorCodeNeeded: 'Enter the 6-digit code from your authenticator app.',
  twoFactorCodeWrong: 'The code is not valid. Try the current code, or a recovery code.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNotStarted: 'Start the set-up first to get a QR code.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  twoFactorEnabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  antiPhishingCodeInvalid:
    'The anti-phishing code must be 4 to 32 letters, digits, spaces, dots, dashes or underscores.',
  antiPhishingCodeSaved: 'Anti-phishing code saved. Every e-mail from us now shows it.',
  antiPhishingCodeRemoved: 'Anti-phishing code removed.',
  antiPhishingCodeNeedsPassword: 'Enter your current password to see your anti-phishing code.',
  mailChoicesSaved: 'E-mail choices saved.',
  twoFactorRequiredForAdmins: 'Turn on two-factor sign-in (Settings, Security) to use the admin console.',
  passwordWrong: 'The password is not correct.',
  gatewayFieldsRequired: 'Please enter the wallet address and choose its coin.',
  gatewayImageType: 'The QR image must be a PNG file, or leave it out to have one made from the address.',
  gatewayAdded: 'Gateway added successfully',
  gatewayDeleted: 'Gateway deleted successfully',
  gatewayNotFound: 'Gateway not found.',
  noGatewayForCoin: 'No gateway for this coin.',
  fileNotFound: 'File not found.',
  fileLinkExpired: 'This link has expired or is not valid. Open the file again from the page.',
  resetLinkSent: 'If an account exists for that e-mail, a reset link has been sent.',
  resetTokenInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
  passwordReset: 'Your password has been reset. You can sign in now.',
  siteSaved: 'Site settings saved.',
  siteFirmName: 'The firm name must be 1 to 80 characters.',
  siteFoundingYear: 'The founding year must be a year between 1800 and this year.',
  sitePolicyDate: 'The effective date must be written DD-MM-YYYY.',
  siteSlideImage: 'A slide image must be a path on this site or an https address.',
  emailChangeNeedsPassword: 'Enter your current password to change your e-mail address.',
  emailConfirmationLinkInvalid: 'This confirmation link is not valid, has expired or has already been used.',
  emailConfirmed: 'Your email address is confirmed.',
  emailConfirmationSent: 'A new confirmation link is on its way to your email address.',
  emailAlreadyConfirmed: 'Your email address is already confirmed.',
  emailUnconfirmedToWithdraw:
    'Please confirm your email address before you withdraw: open the link we sent you, or send a new one.',
  emailUnconfirmedToSaveAddress:
    'Please confirm your email address before you save a withdrawal address: open the link we sent you, or send a new one.',
  accountLockLinkInvalid: 'This link is not valid or has already been used.',
  accountLocked:
    'Your account is locked: every session has ended and your previous e-mail address is back. Reset your password from the sign-in page to get back in.',
  twoFactorNeedsPassword: 'Enter your current password.',
  twoFactorRecoveryCodesRenewed: 'New recovery codes are ready. The old ones no longer work.',
  twoFactorOwnReset: 'Turn off your own two-factor sign-in under Settings, Security.',
  twoFactorResetByAdmin: 'Two-factor sign-in is off for this account, and its sessions have ended.',
  sessionNotFound: 'This session is not one of yours, or it has already ended.',
  sessionSignedOut: 'The session has been signed out.',
  otherSessionsEnded: 'Every other session has been signed out.',
  userSessionsEnded: 'Every session of this account has ended. The person has been e-mailed.',
  sessionsOwnEnd: 'End your own sessions under Settings, Security.',
  nulCharacter: 'Text must not contain the NUL character.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  tooManyPendingDeposits: 'You already have the most pending deposits allowed. Wait until one is reviewed.',
  tooManyPendingWithdrawals:
    'You already have the most pending withdrawals allowed. Wait until one is processed.',
  tooManyOpenTickets: 'You already have the most open tickets allowed. Close one, or write in an open one.',
  multipartMalformed: 'The form could not be read. Send it again.',
  liabilitySnapshotTaken: 'Proof-of-liabilities snapshot published.',
  liabilityNoSnapshotYet: 'No proof-of-liabilities snapshot has been published yet.',
  liabilitySnapshotNotFound: 'This proof-of-liabilities snapshot does not exist.',
  liabilityNoStatement: 'This snapshot was taken before statements were signed: it states no reserves.',
  liabilityNotInSnapshot:
    'This snapshot holds no balance of yours: your balance was zero (or your account did not exist yet) when it was taken, so there is nothing to prove.',
  solvencySnapshotTaken: 'Solvency snapshot published.',
  solvencyNodeUnreachable:
    "A reserve balance could not be read from the chain's node. Check that the node named in BITCOIN_RPC_URL or ETHEREUM_RPC_URL is running, then take the snapshot again.",
  solvencyRateMissing:
    'Set the USD rate of every coin held in reserve under Exchange rates before taking a snapshot.',
  reserveRegistered: 'Reserve address registered. It counts from the next snapshot.',
  reserveRemoved: 'Reserve address removed. It no longer counts from the next snapshot.',
  reserveNotFound: 'This reserve address does not exist.',
  reserveAlreadyRegistered: 'This address is already registered as a reserve of this coin.',
  reserveAddressMalformed:
    'This is not an address the platform can prove: use a native SegWit (bc1q…) or legacy (1…) Bitcoin address, or a 0x Ethereum address.',
  reserveAddressWrongNetwork: "This address belongs to another network than the platform's.",
  reserveAccountKeyNotWallet:
    "This is not the account key of the platform's wallet for this coin. Use the key deposit addresses are derived from.",
  reserveIndexWithoutKey:
    'A receive index goes with an account key: give the key the signing address derives from, or leave the index out.',
  reserveChildMismatch: 'The signing address is not the receive address of this account key at that index.',
  reserveChallengeMismatch:
    'The signed text must be the challenge shown for this platform, address and date, exactly as shown.',
  reserveSignatureInvalid:
    'The signature does not prove ownership of this address: sign the challenge, exactly as shown, with the key of this address.',
  gatewayQrNotPng: 'The QR image must be a PNG file, or leave it out to have one made from the address.',
  gatewayQrMismatch:
    'The QR image does not read as this address. Upload a QR code of exactly this address, or leave the image out to have one made from it.',
  gatewayChangePending:
    'Saved for approval: another administrator must approve the new address before depositors see it.',
  adminChangeApproved: 'Change approved and applied.',
  adminChangeRejected: 'Change rejected.',
  adminChangeNotFound: 'This change does not exist.',
  adminChangeDecided: 'This change has already been approved or rejected.',
  adminChangeOwn: 'Another administrator must approve your own change.',
  adminChangeApprovedAlready: 'You have approved this change already.',
  approverGrantedAfterProposal:
    'You were granted your staff role after this was proposed, so you cannot approve it.',
  approverNotEligible:
    'You were not among the staff who could approve this when it was proposed, so you cannot approve it.',
  staffReauthNeeded:
    'Confirm your password to continue: staff actions that move money or change who holds power need it within the last few minutes.',
  staffReauthConfirmed: 'Password confirmed.',
  staffReauthPasswordNeeded: 'Enter your password to continue.',
  creditPending: 'Saved for approval: another staff member must approve this credit before it is added.',
  staffChangePending: 'Saved for approval: another owner must approve this before it takes effect.',
  policyChangePending: 'Saved for approval: other owners must approve the new policy before it applies.',
  staffRolesSaved: 'Staff roles saved.',
  policySaved: 'Approval policy saved.',
  lastOwner: 'The last owner cannot lose the owner role: grant it to someone else first.',
  staffRoleUnknown: 'Choose roles among owner, finance, support, compliance and auditor.',
  quorumKindUnknown: 'Choose a kind of action the policy covers.',
  quorumRange: 'A quorum is a whole number of people from 1 to 9.',
  quorumTooLarge: 'A quorum cannot be larger than the staff who could approve: add staff first.',
  depositAddressChangedTitle: 'Deposit address changed',
  depositAddressChangedBody:
    'The address you were shown for a pending deposit is being replaced. Do not send more to it; open Deposit for the current address.',
  ratesSaved: 'Exchange rates saved.',
  rateInvalid:
    'Enter each rate as a USD price above zero with at most two decimals, for example 65000 or 3120.50.',
  walletKeyMalformed:
    'This is not an extended public key. Paste the account key your wallet exports (it starts with zpub, xpub, vpub or tpub).',
  walletKeyPrivate:
    'This is a private key. Never paste a private key here: export the extended PUBLIC key (xpub, zpub, vpub or tpub) of the account instead.',
  walletKeyWrongNetwork:
    'This key belongs to another Bitcoin network than the one this platform runs on (BITCOIN_NETWORK).',
  walletKeyWrongType:
    'This key is for another address type. Export the BIP84 native SegWit account key (zpub, or vpub on test networks).',
  walletKeyWrongDepth:
    "This is not an account-level key. Export the key of the account (m/84'/0'/0' for Bitcoin, m/44'/60'/0' for Ethereum), not of the wallet root or of one address.",
  walletEthereumKeyVersion: "An Ethereum account key (m/44'/60'/0') is exported as an xpub.",
  walletSaved: 'Wallet saved. Deposits to this coin now go to addresses derived from it.',
  walletChangeWaiting:
    'The new key waits for another administrator to approve it; deposits keep going to the current addresses until then.',
  walletPreviewed: 'Nothing saved yet: compare these addresses with your own wallet first.',
  noWalletForCoin: 'Deposits of this coin do not go to per-user addresses yet.',
  bitcoinWalletNeedsNode:
    'Nothing would watch these addresses: no Bitcoin node is configured. Set BITCOIN_RPC_URL and restart the server, then save the key.',
  ethereumWalletNeedsNode:
    'Nothing would watch these addresses: no Ethereum node is configured. Set ETHEREUM_RPC_URL and restart the server, then save the key.',
  noWalletToRemove: 'This coin has no watch-only key to remove.',
  walletRemoved:
    'Key removed. Depositors of this coin pay to its gateway address and upload a proof again; payments to the old addresses are still credited while a node watches them.',
  walletRemovalWaiting:
    'The removal waits for another administrator to approve it; deposits keep going to the current addresses until then.',
  chainDepositNotReviewed:
    'This deposit is credited from the blockchain after its confirmations; there is nothing to approve or decline.',
} as const;

export function withdrawalAddressCoolingOffMessage(usableAt: Date): string {
  return `This address is new: it can receive withdrawals from ${formatUtcTime(usableAt)}.`;
}

/** "Approval recorded. Needs 1 more approval from finance or owner." */
export function approvalsRemainingMessage(remaining: number, roles: string): string {
  return `Approval recorded. Needs ${remaining} more approval${remaining === 1 ? '' : 's'} from ${roles}.`;
}

export function permissionMissingMessage(permission: string): string {
  return `Your staff roles do not allow this: it needs the permission to ${permission}.`;
}

export function approverLacksRoleMessage(roles: string): string {
  return `Only ${roles} staff can approve this.`;
}

export function approverTooNewMessage(from: Date): string {
  return `New staff cannot approve anything yet: you can approve from ${formatUtcTime(from)}.`;
}

export function withdrawalsLockedMessage(until: Date): string {
  return `Withdrawals are paused after a change to your account's security, until ${formatUtcTime(until)}.`;
}
