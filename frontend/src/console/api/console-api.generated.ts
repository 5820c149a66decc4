import { consoleApi as api } from './base-api';
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    signInPasskeyOptions: build.mutation<
      SignInPasskeyOptionsApiResponse,
      SignInPasskeyOptionsApiArg
    >({
      query: () => ({ url: `/api/console/sign-in/passkey-options`, method: 'POST' }),
    }),
    signIn: build.mutation<SignInApiResponse, SignInApiArg>({
      query: (queryArg) => ({ url: `/api/console/sign-in`, method: 'POST', body: queryArg }),
    }),
    me: build.query<MeApiResponse, MeApiArg>({
      query: () => ({ url: `/api/console/me` }),
    }),
    signOut: build.mutation<SignOutApiResponse, SignOutApiArg>({
      query: () => ({ url: `/api/console/sign-out`, method: 'POST' }),
    }),
    signOutEverywhere: build.mutation<SignOutEverywhereApiResponse, SignOutEverywhereApiArg>({
      query: () => ({ url: `/api/console/sign-out-everywhere`, method: 'POST' }),
    }),
    ssoOffer: build.query<SsoOfferApiResponse, SsoOfferApiArg>({
      query: () => ({ url: `/api/console/sso` }),
    }),
    openEnrolment: build.mutation<OpenEnrolmentApiResponse, OpenEnrolmentApiArg>({
      query: (queryArg) => ({ url: `/api/console/enrolment/open`, method: 'POST', body: queryArg }),
    }),
    finishEnrolment: build.mutation<FinishEnrolmentApiResponse, FinishEnrolmentApiArg>({
      query: (queryArg) => ({
        url: `/api/console/enrolment/finish`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    leadPreferences: build.query<LeadPreferencesApiResponse, LeadPreferencesApiArg>({
      query: () => ({ url: `/api/console/account/preferences` }),
    }),
    setLeadPreferences: build.mutation<SetLeadPreferencesApiResponse, SetLeadPreferencesApiArg>({
      query: (queryArg) => ({
        url: `/api/console/account/preferences`,
        method: 'PUT',
        body: queryArg,
      }),
    }),
    sessions: build.query<SessionsApiResponse, SessionsApiArg>({
      query: () => ({ url: `/api/console/account/sessions` }),
    }),
    endSession: build.mutation<EndSessionApiResponse, EndSessionApiArg>({
      query: (queryArg) => ({
        url: `/api/console/account/sessions/${encodeURIComponent(String(queryArg))}`,
        method: 'DELETE',
      }),
    }),
    changePassword: build.mutation<ChangePasswordApiResponse, ChangePasswordApiArg>({
      query: (queryArg) => ({
        url: `/api/console/account/password`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    passkeys: build.query<PasskeysApiResponse, PasskeysApiArg>({
      query: () => ({ url: `/api/console/account/passkeys` }),
    }),
    addPasskey: build.mutation<AddPasskeyApiResponse, AddPasskeyApiArg>({
      query: (queryArg) => ({
        url: `/api/console/account/passkeys`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    passkeyOptions: build.mutation<PasskeyOptionsApiResponse, PasskeyOptionsApiArg>({
      query: () => ({ url: `/api/console/account/passkeys/options`, method: 'POST' }),
    }),
    removePasskey: build.mutation<RemovePasskeyApiResponse, RemovePasskeyApiArg>({
      query: (queryArg) => ({
        url: `/api/console/account/passkeys/${encodeURIComponent(String(queryArg))}`,
        method: 'DELETE',
      }),
    }),
    newRecoveryCodes: build.mutation<NewRecoveryCodesApiResponse, NewRecoveryCodesApiArg>({
      query: (queryArg) => ({
        url: `/api/console/account/recovery-codes`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    accounts: build.query<AccountsApiResponse, AccountsApiArg>({
      query: () => ({ url: `/api/console/admin/users` }),
    }),
    addAccount: build.mutation<AddAccountApiResponse, AddAccountApiArg>({
      query: (queryArg) => ({ url: `/api/console/admin/users`, method: 'POST', body: queryArg }),
    }),
    resetAccount: build.mutation<ResetAccountApiResponse, ResetAccountApiArg>({
      query: (queryArg) => ({
        url: `/api/console/admin/users/${encodeURIComponent(String(queryArg))}/reset`,
        method: 'POST',
      }),
    }),
    disableAccount: build.mutation<DisableAccountApiResponse, DisableAccountApiArg>({
      query: (queryArg) => ({
        url: `/api/console/admin/users/${encodeURIComponent(String(queryArg))}/disable`,
        method: 'POST',
      }),
    }),
    enableAccount: build.mutation<EnableAccountApiResponse, EnableAccountApiArg>({
      query: (queryArg) => ({
        url: `/api/console/admin/users/${encodeURIComponent(String(queryArg))}/enable`,
        method: 'POST',
      }),
    }),
    setAccountRole: build.mutation<SetAccountRoleApiResponse, SetAccountRoleApiArg>({
      query: (queryArg) => ({
        url: `/api/console/admin/users/${encodeURIComponent(String(queryArg.username))}/role`,
        method: 'POST',
        body: queryArg.roleChange,
      }),
    }),
    auditTrail: build.query<AuditTrailApiResponse, AuditTrailApiArg>({
      query: (queryArg) => ({
        url: `/api/console/admin/audit`,
        params: {
          command: queryArg.command,
          actor: queryArg.actor,
          email: queryArg.email,
          from: queryArg['from'],
          to: queryArg.to,
          before: queryArg.before,
        },
      }),
    }),
    inboxPage: build.query<InboxPageApiResponse, InboxPageApiArg>({
      query: (queryArg) => ({
        url: `/api/console/leads`,
        params: {
          kind: queryArg.kind,
          status: queryArg.status,
          spam: queryArg.spam,
          from: queryArg['from'],
          to: queryArg.to,
          q: queryArg.q,
          unread: queryArg.unread,
          due: queryArg.due,
          owner: queryArg.owner,
          order: queryArg.order,
          after: queryArg.after,
        },
      }),
    }),
    inboxCounts: build.query<InboxCountsApiResponse, InboxCountsApiArg>({
      query: (queryArg) => ({
        url: `/api/console/leads/counts`,
        params: {
          kind: queryArg.kind,
          status: queryArg.status,
          spam: queryArg.spam,
          from: queryArg['from'],
          to: queryArg.to,
          q: queryArg.q,
          unread: queryArg.unread,
          due: queryArg.due,
          owner: queryArg.owner,
          order: queryArg.order,
        },
      }),
    }),
    lead: build.query<LeadApiResponse, LeadApiArg>({
      query: (queryArg) => ({ url: `/api/console/leads/${encodeURIComponent(String(queryArg))}` }),
    }),
    setStatus: build.mutation<SetStatusApiResponse, SetStatusApiArg>({
      query: (queryArg) => ({
        url: `/api/console/leads/${encodeURIComponent(String(queryArg.id))}/status`,
        method: 'POST',
        body: queryArg.statusBody,
      }),
    }),
    tagReport: build.mutation<TagReportApiResponse, TagReportApiArg>({
      query: (queryArg) => ({
        url: `/api/console/leads/${encodeURIComponent(String(queryArg.id))}/accessibility`,
        method: 'PUT',
        body: queryArg.reportBody,
      }),
    }),
    bulkLeads: build.mutation<BulkLeadsApiResponse, BulkLeadsApiArg>({
      query: (queryArg) => ({ url: `/api/console/leads/bulk`, method: 'POST', body: queryArg }),
    }),
    setOwner: build.mutation<SetOwnerApiResponse, SetOwnerApiArg>({
      query: (queryArg) => ({
        url: `/api/console/leads/${encodeURIComponent(String(queryArg.id))}/owner`,
        method: 'PUT',
        body: queryArg.ownerBody,
      }),
    }),
    addNote: build.mutation<AddNoteApiResponse, AddNoteApiArg>({
      query: (queryArg) => ({
        url: `/api/console/leads/${encodeURIComponent(String(queryArg.id))}/notes`,
        method: 'POST',
        body: queryArg.noteBody,
      }),
    }),
    markSpam: build.mutation<MarkSpamApiResponse, MarkSpamApiArg>({
      query: (queryArg) => ({
        url: `/api/console/leads/${encodeURIComponent(String(queryArg))}/spam`,
        method: 'POST',
      }),
    }),
    markNotSpam: build.mutation<MarkNotSpamApiResponse, MarkNotSpamApiArg>({
      query: (queryArg) => ({
        url: `/api/console/leads/${encodeURIComponent(String(queryArg))}/not-spam`,
        method: 'POST',
      }),
    }),
    deliverLeadAgain: build.mutation<DeliverLeadAgainApiResponse, DeliverLeadAgainApiArg>({
      query: (queryArg) => ({
        url: `/api/console/leads/${encodeURIComponent(String(queryArg))}/deliver-again`,
        method: 'POST',
      }),
    }),
    deliveries: build.query<DeliveriesApiResponse, DeliveriesApiArg>({
      query: (queryArg) => ({
        url: `/api/console/deliveries`,
        params: {
          status: queryArg,
        },
      }),
    }),
    deliverAgain: build.mutation<DeliverAgainApiResponse, DeliverAgainApiArg>({
      query: (queryArg) => ({
        url: `/api/console/deliveries/${encodeURIComponent(String(queryArg))}/deliver-again`,
        method: 'POST',
      }),
    }),
    erasurePreview: build.mutation<ErasurePreviewApiResponse, ErasurePreviewApiArg>({
      query: (queryArg) => ({
        url: `/api/console/admin/leads/erasure/preview`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    erase: build.mutation<EraseApiResponse, EraseApiArg>({
      query: (queryArg) => ({
        url: `/api/console/admin/leads/erasure`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    overview: build.query<OverviewApiResponse, OverviewApiArg>({
      query: () => ({ url: `/api/console/overview` }),
    }),
    sources: build.query<SourcesApiResponse, SourcesApiArg>({
      query: (queryArg) => ({
        url: `/api/console/sources`,
        params: {
          from: queryArg['from'],
          to: queryArg.to,
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type SignInPasskeyOptionsApiResponse = /** status 200  */ PasskeyOptions;
export type SignInPasskeyOptionsApiArg = void;
export type SignInApiResponse = /** status 200  */ SignedIn;
export type SignInApiArg = SignInBody;
export type MeApiResponse = /** status 200  */ Me;
export type MeApiArg = void;
export type SignOutApiResponse = /** status 200  */ SignedOut;
export type SignOutApiArg = void;
export type SignOutEverywhereApiResponse = unknown;
export type SignOutEverywhereApiArg = void;
export type SsoOfferApiResponse = /** status 200  */ SsoOffer;
export type SsoOfferApiArg = void;
export type OpenEnrolmentApiResponse = /** status 200  */ OpenedEnrolment;
export type OpenEnrolmentApiArg = EnrolmentToken;
export type FinishEnrolmentApiResponse = /** status 200  */ RecoveryCodes;
export type FinishEnrolmentApiArg = FinishEnrolmentBody;
export type LeadPreferencesApiResponse = /** status 200  */ LeadPreferences;
export type LeadPreferencesApiArg = void;
export type SetLeadPreferencesApiResponse = /** status 200  */ LeadPreferences;
export type SetLeadPreferencesApiArg = LeadPreferences;
export type SessionsApiResponse = /** status 200  */ SessionInfo[];
export type SessionsApiArg = void;
export type EndSessionApiResponse = unknown;
export type EndSessionApiArg = string;
export type ChangePasswordApiResponse = unknown;
export type ChangePasswordApiArg = PasswordChange;
export type PasskeysApiResponse = /** status 200  */ PasskeyInfo[];
export type PasskeysApiArg = void;
export type AddPasskeyApiResponse = unknown;
export type AddPasskeyApiArg = NewPasskey;
export type PasskeyOptionsApiResponse = /** status 200  */ PasskeyOptions;
export type PasskeyOptionsApiArg = void;
export type RemovePasskeyApiResponse = unknown;
export type RemovePasskeyApiArg = string;
export type NewRecoveryCodesApiResponse = /** status 200  */ RecoveryCodes;
export type NewRecoveryCodesApiArg = Confirmation;
export type AccountsApiResponse = /** status 200  */ Account[];
export type AccountsApiArg = void;
export type AddAccountApiResponse = /** status 201  */ EnrolableAccount;
export type AddAccountApiArg = NewAccount;
export type ResetAccountApiResponse = /** status 200  */ EnrolableAccount;
export type ResetAccountApiArg = string;
export type DisableAccountApiResponse = /** status 200  */ Account;
export type DisableAccountApiArg = string;
export type EnableAccountApiResponse = /** status 200  */ Account;
export type EnableAccountApiArg = string;
export type SetAccountRoleApiResponse = /** status 200  */ Account;
export type SetAccountRoleApiArg = {
  username: string;
  roleChange: RoleChange;
};
export type AuditTrailApiResponse = /** status 200  */ AuditPage;
export type AuditTrailApiArg = {
  command?: string;
  actor?: string;
  email?: string;
  from?: string;
  to?: string;
  before?: string;
};
export type InboxPageApiResponse = /** status 200  */ InboxPage;
export type InboxPageApiArg = {
  kind?: LeadKind;
  status?: LeadStatus;
  spam?: 'true' | 'false';
  from?: string;
  to?: string;
  q?: string;
  unread?: 'true' | 'false';
  due?: 'overdue' | 'soon' | 'today';
  owner?: 'mine' | 'unowned';
  order?: 'newest' | 'oldest';
  /** The last page's `next`. */
  after?: string;
};
export type InboxCountsApiResponse = /** status 200  */ StatusCounts;
export type InboxCountsApiArg = {
  kind?: LeadKind;
  status?: LeadStatus;
  spam?: 'true' | 'false';
  from?: string;
  to?: string;
  q?: string;
  unread?: 'true' | 'false';
  due?: 'overdue' | 'soon' | 'today';
  owner?: 'mine' | 'unowned';
  order?: 'newest' | 'oldest';
};
export type LeadApiResponse = /** status 200  */ OpenedLead;
export type LeadApiArg = string;
export type SetStatusApiResponse = /** status 200  */ OpenedLead;
export type SetStatusApiArg = {
  id: string;
  statusBody: StatusBody;
};
export type TagReportApiResponse = /** status 200  */ OpenedLead;
export type TagReportApiArg = {
  id: string;
  reportBody: ReportBody;
};
export type BulkLeadsApiResponse = /** status 200  */ BulkAnswer;
export type BulkLeadsApiArg = BulkBody;
export type SetOwnerApiResponse = /** status 200  */ OpenedLead;
export type SetOwnerApiArg = {
  id: string;
  ownerBody: OwnerBody;
};
export type AddNoteApiResponse = /** status 201  */ Note;
export type AddNoteApiArg = {
  id: string;
  noteBody: NoteBody;
};
export type MarkSpamApiResponse = /** status 200  */ OpenedLead;
export type MarkSpamApiArg = string;
export type MarkNotSpamApiResponse = /** status 200  */ OpenedLead;
export type MarkNotSpamApiArg = string;
export type DeliverLeadAgainApiResponse = /** status 200  */ OpenedLead;
export type DeliverLeadAgainApiArg = string;
export type DeliveriesApiResponse = /** status 200  */ DeliveryRecord[];
export type DeliveriesApiArg = 'failed' | 'pending';
export type DeliverAgainApiResponse = /** status 200  */ DeliveryRecord;
export type DeliverAgainApiArg = string;
export type ErasurePreviewApiResponse = /** status 200  */ Removed;
export type ErasurePreviewApiArg = ErasurePreviewBody;
export type EraseApiResponse = /** status 200  */ Removed;
export type EraseApiArg = ErasureBody;
export type OverviewApiResponse = /** status 200  */ Overview;
export type OverviewApiArg = void;
export type SourcesApiResponse = /** status 200  */ SourceReport;
export type SourcesApiArg = {
  from?: string;
  to?: string;
};
export type PasskeyOptions = {
  challenge: string;
};
export type SignedIn = {
  username: string;
};
export type SignInBody = {
  username: string;
  password: string;
  code?: string;
  passkey?: string;
};
export type Role = 'member' | 'admin';
export type Me = {
  username: string;
  role: Role;
  hasPassword: boolean;
};
export type SignedOut = {
  providerLogoutUrl: string | null;
};
export type SsoOffer = {
  provider: string | null;
  required: boolean;
};
export type OpenedEnrolment = {
  username: string;
  totpUri: string;
  totpSecret: string;
};
export type EnrolmentToken = {
  token: string;
};
export type RecoveryCodes = {
  recoveryCodes: string[];
};
export type FinishEnrolmentBody = {
  token: string;
  password: string;
  code: string;
};
export type LeadPreferences = {
  email: string | null;
  autoAssign: boolean;
  awayUntil: string | null;
};
export type SessionInfo = {
  ref: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  current: boolean;
};
export type PasswordChange = {
  password: string;
  code: string;
  newPassword: string;
};
export type PasskeyInfo = {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
};
export type NewPasskey = {
  password: string;
  code: string;
  passkey: string;
  name: string;
};
export type Confirmation = {
  password: string;
  code: string;
};
export type Account = {
  id: string;
  username: string;
  role: Role;
  enrolled: boolean;
  disabled: boolean;
  linked: boolean;
  breakGlass: boolean;
  createdAt: string;
};
export type EnrolableAccount = {
  account: Account;
  link: string;
};
export type NewAccount = {
  username: string;
  role: 'member' | 'admin';
};
export type RoleChange = {
  role: 'member' | 'admin';
};
export type AuditRecord = {
  id: string;
  at: string;
  command: string;
  rows: number;
  actor: string;
  subjectHash: string | null;
  details: {
    [key: string]: unknown;
  };
};
export type AuditPage = {
  records: AuditRecord[];
  older: string | null;
};
export type LeadKind = 'contact' | 'accessibility';
export type LeadStatus =
  | 'new'
  | 'contacted'
  | 'qualified'
  | 'not_a_fit'
  | 'acknowledged'
  | 'assessed'
  | 'resolved'
  | 'wont_fix';
export type Scheduler = 'calendly' | 'cal.com';
export type MeetingStatus = 'booked' | 'rescheduled' | 'cancelled';
export type Meeting = {
  scheduler: Scheduler;
  status: MeetingStatus;
  startsAt: string;
  endsAt: string;
  host: string | null;
};
export type PromisedStep = 'callback' | 'acknowledge' | 'assess';
export type Due = {
  step: PromisedStep;
  at: string;
  overdue: boolean;
  /** Its reminder time has come, its due time not yet. */
  soon: boolean;
};
export type InboxEntry = {
  id: string;
  receivedAt: string;
  kind: LeadKind;
  status: LeadStatus;
  name: string;
  company: string;
  role: string;
  /** Not opened yet by the operator who asks. */
  unread: boolean;
  spam: boolean;
  deliveryFailed: boolean;
  owner: string | null;
  related: number;
  meeting: Meeting | null;
  due: Due | null;
};
export type InboxPage = {
  leads: InboxEntry[];
  next: string | null;
};
export type StatusCounts = {
  new?: number;
  contacted?: number;
  qualified?: number;
  not_a_fit?: number;
  acknowledged?: number;
  assessed?: number;
  resolved?: number;
  wont_fix?: number;
};
export type LeadAttribution = {
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  gclid: string | null;
  msclkid: string | null;
  li_fat_id: string | null;
  landing_path: string | null;
  referrer_host: string | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
};
export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'cancelled';
export type DeliveryRecord = {
  id: string;
  submissionId: string;
  channel: string;
  /** lead, or reminder:<step> and escalation:<step>, with :<epoch> for a promise re-opened by a cancelled booking */
  purpose: string;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
};
export type StatusEvent = {
  at: string;
  actor: string;
  event: 'status';
  from: LeadStatus;
  to: LeadStatus;
};
export type OwnerEvent = {
  at: string;
  actor: string;
  event: 'owner';
  from: string | null;
  to: string | null;
};
export type NoticeEvent = {
  at: string;
  actor: string;
  event: 'reminder' | 'escalation';
  step: PromisedStep;
  to: string;
};
export type CancelledEvent = {
  at: string;
  actor: string;
  event: 'cancelled';
  step: PromisedStep | null;
  count: number;
};
export type BookingMatch = 'booking' | 'link' | 'address' | 'new';
export type MeetingEvent = {
  at: string;
  actor: string;
  event: 'booking';
  status: MeetingStatus;
  startsAt: string;
  endsAt: string;
  host: string | null;
  matched?: BookingMatch;
};
export type Severity = 'critical' | 'serious' | 'moderate' | 'minor';
export type ReportEvent = {
  at: string;
  actor: string;
  event: 'report';
  criterion: string | null;
  page: string | null;
  assistiveTechnology: string | null;
  severity: Severity | null;
  confirmed: boolean;
};
export type AnsweredStep = 'acknowledged' | 'assessed' | 'resolved' | 'wont_fix';
export type AnswerEvent = {
  at: string;
  actor: string;
  event: 'answer';
  step: AnsweredStep;
  plannedFor: string | null;
  told: boolean;
};
export type RelatedLead = {
  id: string;
  receivedAt: string;
  kind: LeadKind;
  status: LeadStatus;
  name: string;
  company: string;
  sameAddress: boolean;
};
export type Note = {
  id: string;
  at: string;
  author: string;
  body: string;
};
export type AccessibilityReport = {
  criterion:
    | (
        | '1.1.1'
        | '1.2.1'
        | '1.2.2'
        | '1.2.3'
        | '1.2.4'
        | '1.2.5'
        | '1.3.1'
        | '1.3.2'
        | '1.3.3'
        | '1.3.4'
        | '1.3.5'
        | '1.4.1'
        | '1.4.2'
        | '1.4.3'
        | '1.4.4'
        | '1.4.5'
        | '1.4.10'
        | '1.4.11'
        | '1.4.12'
        | '1.4.13'
        | '2.1.1'
        | '2.1.2'
        | '2.1.4'
        | '2.2.1'
        | '2.2.2'
        | '2.3.1'
        | '2.4.1'
        | '2.4.2'
        | '2.4.3'
        | '2.4.4'
        | '2.4.5'
        | '2.4.6'
        | '2.4.7'
        | '2.4.11'
        | '2.5.1'
        | '2.5.2'
        | '2.5.3'
        | '2.5.4'
        | '2.5.7'
        | '2.5.8'
        | '3.1.1'
        | '3.1.2'
        | '3.2.1'
        | '3.2.2'
        | '3.2.3'
        | '3.2.4'
        | '3.2.6'
        | '3.3.1'
        | '3.3.2'
        | '3.3.3'
        | '3.3.4'
        | '3.3.7'
        | '3.3.8'
        | '4.1.2'
        | '4.1.3'
        | 'EN 12.1.1'
        | 'EN 12.1.2'
        | 'EN 12.2.2'
        | 'EN 12.2.3'
        | 'EN 12.2.4'
      )
    | null;
  criterionName: string | null;
  page: string | null;
  assistiveTechnology: string | null;
  severity: Severity | null;
  confirmed: boolean;
  plan: string | null;
  plannedFor: string | null;
  reason: string | null;
};
export type OpenedLead = LeadAttribution & {
  id: string;
  createdAt: string;
  kind: LeadKind;
  name: string;
  email: string;
  company: string;
  role: string;
  message: string | null;
  spamReason: string | null;
  status: LeadStatus;
  readAt: string | null;
  owner: string | null;
  respondedAt: string | null;
  callbackFrom: string | null;
  meeting: Meeting | null;
  due: Due | null;
  next: LeadStatus[];
  notifications: DeliveryRecord[];
  history: (
    | StatusEvent
    | OwnerEvent
    | NoticeEvent
    | CancelledEvent
    | MeetingEvent
    | ReportEvent
    | AnswerEvent
  )[];
  related: RelatedLead[];
  notes: Note[];
  report: AccessibilityReport | null;
};
export type StatusBody = {
  status: LeadStatus;
  plan?: string;
  plannedFor?: string;
  reason?: string;
};
export type ReportBody = {
  criterion:
    | (
        | '1.1.1'
        | '1.2.1'
        | '1.2.2'
        | '1.2.3'
        | '1.2.4'
        | '1.2.5'
        | '1.3.1'
        | '1.3.2'
        | '1.3.3'
        | '1.3.4'
        | '1.3.5'
        | '1.4.1'
        | '1.4.2'
        | '1.4.3'
        | '1.4.4'
        | '1.4.5'
        | '1.4.10'
        | '1.4.11'
        | '1.4.12'
        | '1.4.13'
        | '2.1.1'
        | '2.1.2'
        | '2.1.4'
        | '2.2.1'
        | '2.2.2'
        | '2.3.1'
        | '2.4.1'
        | '2.4.2'
        | '2.4.3'
        | '2.4.4'
        | '2.4.5'
        | '2.4.6'
        | '2.4.7'
        | '2.4.11'
        | '2.5.1'
        | '2.5.2'
        | '2.5.3'
        | '2.5.4'
        | '2.5.7'
        | '2.5.8'
        | '3.1.1'
        | '3.1.2'
        | '3.2.1'
        | '3.2.2'
        | '3.2.3'
        | '3.2.4'
        | '3.2.6'
        | '3.3.1'
        | '3.3.2'
        | '3.3.3'
        | '3.3.4'
        | '3.3.7'
        | '3.3.8'
        | '4.1.2'
        | '4.1.3'
        | 'EN 12.1.1'
        | 'EN 12.1.2'
        | 'EN 12.2.2'
        | 'EN 12.2.3'
        | 'EN 12.2.4'
      )
    | null;
  page: string | null;
  assistiveTechnology: string | null;
  severity: Severity | null;
  confirmed: boolean;
};
export type BulkResult = {
  id: string;
  ok: boolean;
  /** Why this lead was refused, for a person. */
  message?: string;
};
export type BulkAnswer = {
  results: BulkResult[];
};
export type BulkBody = {
  ids: string[];
  action: 'status' | 'owner' | 'spam' | 'not-spam';
  status?: LeadStatus;
  owner?: string | null;
};
export type OwnerBody = {
  owner: string | null;
};
export type NoteBody = {
  body: string;
};
export type Removed = {
  submissions: number;
  notifications: number;
};
export type ErasurePreviewBody = {
  email: string;
};
export type ErasureBody = {
  email: string;
  confirm: string;
};
export type WeeklyCount = {
  week: string;
  kind: LeadKind;
  n: number;
};
export type FirstResponse = {
  kind: LeadKind;
  leads: number;
  medianHours: number;
};
export type PromiseWeek = {
  week: string;
  kind: LeadKind;
  answered: number;
  kept: number;
  late: number;
  open: number;
  keptShare: number | null;
  medianHours: number | null;
  p90Hours: number | null;
};
export type BookingWeekShare = {
  requests: number;
  booked: number;
  inPromise: number;
  noForm: number;
  medianHours: number | null;
  p90Hours: number | null;
  week: string;
  share: number | null;
};
export type OpenPromises = {
  kind: LeadKind;
  step: PromisedStep;
  overdue: number;
  soon: number;
};
export type VitalName = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';
export type FieldPercentile = {
  route: string;
  metric: VitalName;
  views: number;
  p75: number | null;
};
export type StatementReview = {
  lastReview: string;
  nextReview: string;
  overdue: boolean;
};
export type Overview = {
  since: string;
  weekly: WeeklyCount[];
  firstResponse: FirstResponse[];
  promises: PromiseWeek[];
  bookings: BookingWeekShare[];
  due: OpenPromises[];
  knownSourceShare: number | null;
  field: FieldPercentile[];
  statementReview: StatementReview;
};
export type SourceRow = {
  source: string;
  medium: string;
  campaign: string;
  leads: number;
  booked: number;
  inPromise: number;
  medianHoursToBooking: number | null;
};
export type SourceReport = {
  from: string;
  to: string;
  rows: SourceRow[];
  knownShare: number | null;
};
export type ApiErrorBody = {
  status: number;
  error: string;
  message: string;
  fields?: {
    [key: string]: string;
  };
};
