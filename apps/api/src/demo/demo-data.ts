/**
 * A realistic sample for demonstrations and manual testing: three companies with branches,
 * applications with clients and roles, users with access in several companies (one blocked,
 * one awaiting a reset) and a pending invitation.
 */
export interface DemoAccess {
  company: string;
  app: string;
  roles: string[];
}

export interface DemoUser {
  username: string;
  email: string;
  displayName: string;
  mobile: string;
  status?: 'active' | 'blocked' | 'awaiting_reset';
  names: Record<string, [string, string]>;
  access: DemoAccess[];
  branches?: { company: string; branch: string; servicing: boolean }[];
}

export const DEMO_COMPANIES = [
  {
    id: 'acme1',
    name: 'Acme Savings Bank',
    branches: [
      { id: 'hq', name: 'Head Office' },
      { id: 'dtwn', name: 'Downtown' },
      { id: 'arpt', name: 'Airport' },
    ],
  },
  {
    id: 'nwcu1',
    name: 'Northwind Credit Union',
    branches: [
      { id: 'main', name: 'Main Street' },
      { id: 'east', name: 'East Side' },
    ],
  },
  { id: 'fjord1', name: 'Fjord Mutual', branches: [{ id: 'osl', name: 'Oslo' }] },
];

export const DEMO_APPS = [
  {
    id: 'loans',
    name: 'Loan Origination',
    description: 'Applications, underwriting and disbursement of retail loans',
    status: 3,
    link: 'https://loans.example.com',
    roles: [
      { id: 'officer', name: 'Loan Officer' },
      { id: 'underwriter', name: 'Underwriter' },
    ],
    clients: [
      {
        id: 'loans-web',
        description: 'Loan Origination (web)',
        redirect: 'https://loans.example.com/callback',
        domain: 'loans.example.com',
        platform: 'web' as const,
        customHash: false,
      },
    ],
  },
  {
    id: 'teller',
    name: 'Teller Desk',
    description: 'Cash operations and customer service at the counter',
    status: 3,
    link: 'https://teller.example.com',
    roles: [
      { id: 'teller', name: 'Teller' },
      { id: 'supervisor', name: 'Supervisor' },
    ],
    clients: [
      {
        id: 'teller-desktop',
        description: 'Teller Desk (desktop)',
        redirect: 'http://localhost:7100/callback',
        domain: 'localhost',
        platform: 'desktop' as const,
        customHash: true,
      },
    ],
  },
  {
    id: 'insights',
    name: 'Insights',
    description: 'Portfolio dashboards and reports (beta)',
    status: 2,
    link: 'https://insights.example.com',
    roles: [{ id: 'analyst', name: 'Analyst' }],
    clients: [
      {
        id: 'insights-web',
        description: 'Insights (web)',
        redirect: 'https://insights.example.com/callback',
        domain: 'insights.example.com',
        platform: 'web' as const,
        customHash: false,
      },
    ],
  },
  {
    id: 'ledger',
    name: 'Ledger Archive',
    description: 'Read-only archive of closed ledgers',
    status: 0,
    link: 'https://ledger.example.com',
    roles: [],
    clients: [],
  },
];

export const DEMO_SUBSCRIPTIONS = [
  { company: 'acme1', app: 'loans', status: 'subs' as const },
  { company: 'acme1', app: 'teller', status: 'subs' as const },
  { company: 'nwcu1', app: 'loans', status: 'subs' as const },
  { company: 'nwcu1', app: 'insights', status: 'beta' as const },
];

export const DEMO_USERS: DemoUser[] = [
  {
    username: 'amelia_ross',
    email: 'amelia.ross@acme.example',
    displayName: 'Amelia Ross',
    mobile: '+1 555 010 1001',
    names: { acme1: ['Amelia', 'Ross'] },
    access: [
      { company: 'acme1', app: 'global', roles: ['owner', 'admin'] },
      { company: 'acme1', app: 'loans', roles: ['admin'] },
    ],
    branches: [{ company: 'acme1', branch: 'hq', servicing: true }],
  },
  {
    username: 'ben_carter',
    email: 'ben.carter@acme.example',
    displayName: 'Ben Carter',
    mobile: '+1 555 010 1002',
    names: { acme1: ['Ben', 'Carter'], nwcu1: ['Benjamin', 'Carter'] },
    access: [
      { company: 'acme1', app: 'global', roles: ['admin'] },
      { company: 'nwcu1', app: 'teller', roles: ['teller'] },
    ],
    branches: [
      { company: 'acme1', branch: 'dtwn', servicing: true },
      { company: 'acme1', branch: 'hq', servicing: false },
    ],
  },
  {
    username: 'chloe_diaz',
    email: 'chloe.diaz@acme.example',
    displayName: 'Chloe Diaz',
    mobile: '+1 555 010 1003',
    names: { acme1: ['Chloe', 'Diaz'], nwcu1: ['Chloe', 'Diaz'] },
    access: [
      { company: 'acme1', app: 'loans', roles: ['officer'] },
      { company: 'acme1', app: 'teller', roles: ['teller'] },
      { company: 'nwcu1', app: 'loans', roles: ['underwriter'] },
    ],
    branches: [{ company: 'nwcu1', branch: 'main', servicing: true }],
  },
  {
    username: 'dmitri_ivanov',
    email: 'dmitri.ivanov@northwind.example',
    displayName: 'Dmitri Ivanov',
    mobile: '+1 555 010 1004',
    names: { nwcu1: ['Dmitri', 'Ivanov'] },
    access: [
      { company: 'nwcu1', app: 'global', roles: ['owner', 'admin'] },
      { company: 'nwcu1', app: 'insights', roles: ['analyst'] },
    ],
    branches: [{ company: 'nwcu1', branch: 'east', servicing: true }],
  },
  {
    username: 'eva_lindqvist',
    email: 'eva.lindqvist@fjord.example',
    displayName: 'Eva Lindqvist',
    mobile: '+47 555 01005',
    names: { fjord1: ['Eva', 'Lindqvist'], acme1: ['Eva', 'Lindqvist'] },
    access: [
      { company: 'fjord1', app: 'global', roles: ['owner', 'admin'] },
      { company: 'acme1', app: 'loans', roles: ['underwriter'] },
    ],
  },
  {
    username: 'farid_haddad',
    email: 'farid.haddad@acme.example',
    displayName: 'Farid Haddad',
    mobile: '+1 555 010 1006',
    status: 'blocked',
    names: { acme1: ['Farid', 'Haddad'] },
    access: [{ company: 'acme1', app: 'teller', roles: ['supervisor'] }],
    branches: [{ company: 'acme1', branch: 'arpt', servicing: true }],
  },
  {
    username: 'grace_kim',
    email: 'grace.kim@northwind.example',
    displayName: 'Grace Kim',
    mobile: '+1 555 010 1007',
    status: 'awaiting_reset',
    names: { nwcu1: ['Grace', 'Kim'] },
    access: [{ company: 'nwcu1', app: 'loans', roles: ['officer'] }],
  },
];

/** Invited, not yet accepted: shown on the users screen as "(pending)". */
export const DEMO_INVITATIONS = [
  {
    company: 'acme1',
    app: 'loans',
    email: 'hannah.wu@acme.example',
    roles: ['officer'],
    invitedBy: 'amelia_ross',
  },
];
