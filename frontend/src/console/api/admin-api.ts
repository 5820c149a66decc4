import { consoleApi } from './console-api';

/** The admins' API (contact-service/src/operators/console/admin.controller.ts): accounts, audit. */
const BASE = '/api/console';

export type Role = 'admin' | 'member';

export interface AccountInfo {
  id: string;
  username: string;
  role: Role;
  enrolled: boolean;
  disabled: boolean;
  /** Signs in through the identity provider (single sign-on). */
  linked: boolean;
  /** May use its password when single sign-on is required; each such sign-in alerts the admins. */
  breakGlass: boolean;
  createdAt: string;
}

/** A new or reset account, and its one-time enrolment link (the API shows it this once). */
export interface EnrolableAccount {
  account: AccountInfo;
  link: string;
}

export interface AuditRecord {
  id: string;
  at: string;
  command: string;
  rows: number;
  actor: string;
  /** The keyed hash of the address the record is about, if any (never the address). */
  subjectHash: string | null;
  details: Record<string, unknown>;
}

/** A page of the audit trail, newest first; `older` is the next page's `before`. */
export interface AuditPage {
  records: AuditRecord[];
  older: string | null;
}

/** An admin's change to one account: POST admin/users/NAME/reset, disable, enable or role. */
const adminUser = (username: string, change: string) =>
  `${BASE}/admin/users/${encodeURIComponent(username)}/${change}`;

export const adminApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    accounts: build.query<AccountInfo[], void>({
      query: () => [BASE, 'admin', 'users'],
      providesTags: ['Admin'],
    }),
    addAccount: build.mutation<EnrolableAccount, { username: string; role: Role }>({
      query: (body) => ({ url: `${BASE}/admin/users`, method: 'POST', body }),
      invalidatesTags: ['Admin'],
    }),
    resetAccount: build.mutation<EnrolableAccount, string>({
      query: (username) => ({ url: adminUser(username, 'reset'), method: 'POST' }),
      invalidatesTags: ['Admin'],
    }),
    setAccountDisabled: build.mutation<AccountInfo, { username: string; disabled: boolean }>({
      query: ({ username, disabled }) => ({
        url: adminUser(username, disabled ? 'disable' : 'enable'),
        method: 'POST',
      }),
      invalidatesTags: ['Admin'],
    }),
    setAccountRole: build.mutation<AccountInfo, { username: string; role: Role }>({
      query: ({ username, role }) => ({
        url: adminUser(username, 'role'),
        method: 'POST',
        body: { role },
      }),
      invalidatesTags: ['Admin'],
    }),
    /** `query`: the audit screen's filter as the URL holds it (command=…&from=…), and before=… */
    auditTrail: build.query<AuditPage, string>({
      query: (query) => ({ url: `${BASE}/admin/audit${query ? `?${query}` : ''}`, method: 'GET' }),
      providesTags: ['Admin'],
    }),
  }),
});

export const {
  useAccountsQuery,
  useAddAccountMutation,
  useResetAccountMutation,
  useSetAccountDisabledMutation,
  useSetAccountRoleMutation,
  useAuditTrailQuery,
} = adminApi;
