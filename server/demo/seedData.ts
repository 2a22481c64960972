/** Demo data (issue 3 section 4). Amounts in cents: 1_000_000 = TZS 10.000,00. Ids are stable. */
import type { Insertable } from 'kysely';
import type { BankFormItemsTable, ProductsTable } from '../db/types';

export const DEMO = {
  userId: '10001', sessionId: 'demo-session', phone: '0712345678',
  otherUserId: '10002', otherSessionId: 'demo-session-2', otherPhone: '0787654321', otherOrderId: 'O2170',
  registeredPromoPhone: '13800138000',
  /** A borrower with no loan at all, so account deletion can be tried on the demo data (issue 33). */
  noLoanUserId: '10004', noLoanSessionId: 'demo-session-noloan', noLoanPhone: '0744556677',
} as const;

const logo = (n: string) => `/assets/demo/${n}.svg`;

export const PRODUCTS: Insertable<ProductsTable>[] = [
  { id: 'P001', name: 'Kopa Cash', logo: logo('logo-kopa-cash'), amount_min: 1_000_000, amount_max: 50_000_000, periods: 14, term_unit: 1, rate_desc: 'Daily interest 0.1%', description: 'Cash in minutes, repay in 14 days.', button_text: 'Apply', enabled: 1, link: 'kopa://product/P001', sort: 1 },
  { id: 'P002', name: 'Haraka Loan', logo: logo('logo-haraka'), amount_min: 2_000_000, amount_max: 100_000_000, periods: 3, term_unit: 2, rate_desc: 'Monthly interest 3%', description: 'Three monthly installments.', button_text: 'Apply', enabled: 1, link: 'kopa://product/P002', sort: 2 },
  { id: 'P003', name: 'Mkopo Plus', logo: logo('logo-mkopo'), amount_min: 5_000_000, amount_max: 200_000_000, periods: 6, term_unit: 2, rate_desc: 'Monthly interest 2.5%', description: 'Bigger amounts for returning borrowers.', button_text: 'Get it', enabled: 1, link: 'https://kopa.example/products/P003', sort: 3 },
  { id: 'P004', name: 'Pesa Fast', logo: logo('logo-pesa'), amount_min: 1_000_000, amount_max: 30_000_000, periods: 7, term_unit: 1, rate_desc: 'Daily interest 0.2%', description: 'Temporarily unavailable.', button_text: 'Soon', enabled: 0, link: 'kopa://product/P004', sort: 4 },
];

export interface SeedOrder {
  id: string; user: string; product: string; status: number; isDelay: number; amount: number;
  periods: number; termUnit: number; payMode: 'PAY_URL' | 'NOTICE'; codeType: 1 | 2; isScore?: number; cardNeedPop?: number;
  /** Installments as [amount, due in days from now, paid]. */
  plan: Array<[number, number, boolean]>;
  ageDays: number;
}

const m3 = (a: number): Array<[number, number, boolean]> => [[a, -50, true], [a, 10, false], [a, 40, false]];

export const ORDERS: SeedOrder[] = [
  { id: 'O21', user: '10001', product: 'P001', status: 21, isDelay: 0, amount: 20_000_000, periods: 14, termUnit: 1, payMode: 'NOTICE', codeType: 1, plan: [], ageDays: 0 },
  { id: 'O110', user: '10001', product: 'P002', status: 110, isDelay: 0, amount: 30_000_000, periods: 3, termUnit: 2, payMode: 'NOTICE', codeType: 1, plan: [], ageDays: 3 },
  { id: 'O151', user: '10001', product: 'P003', status: 151, isDelay: 0, amount: 50_000_000, periods: 6, termUnit: 2, payMode: 'NOTICE', codeType: 1, plan: [], ageDays: 1, cardNeedPop: 1 },
  { id: 'O170', user: '10001', product: 'P002', status: 170, isDelay: 0, amount: 30_000_000, periods: 3, termUnit: 2, payMode: 'PAY_URL', codeType: 1, plan: m3(11_000_000), ageDays: 80 },
  { id: 'O174D', user: '10001', product: 'P001', status: 174, isDelay: 1, amount: 20_000_000, periods: 14, termUnit: 1, payMode: 'NOTICE', codeType: 2, plan: [[22_000_000, 0, false]], ageDays: 14 },
  { id: 'O174N', user: '10001', product: 'P002', status: 174, isDelay: 0, amount: 45_000_000, periods: 3, termUnit: 2, payMode: 'PAY_URL', codeType: 1, plan: [[16_500_000, -30, true], [16_500_000, 0, false], [16_500_000, 30, false]], ageDays: 60 },
  { id: 'O180D', user: '10001', product: 'P002', status: 180, isDelay: 1, amount: 60_000_000, periods: 3, termUnit: 2, payMode: 'NOTICE', codeType: 1, plan: [[22_000_000, -65, true], [22_000_000, -5, false], [22_000_000, 25, false]], ageDays: 95 },
  { id: 'O180N', user: '10001', product: 'P001', status: 180, isDelay: 0, amount: 10_000_000, periods: 14, termUnit: 1, payMode: 'NOTICE', codeType: 2, plan: [[11_000_000, -4, false]], ageDays: 18 },
  { id: 'O200', user: '10001', product: 'P003', status: 200, isDelay: 0, amount: 50_000_000, periods: 6, termUnit: 2, payMode: 'NOTICE', codeType: 1, isScore: 1, plan: [[27_500_000, -100, true], [27_500_000, -70, true]], ageDays: 130 },
  { id: 'O2170', user: '10002', product: 'P001', status: 170, isDelay: 1, amount: 20_000_000, periods: 14, termUnit: 1, payMode: 'PAY_URL', codeType: 1, plan: [[22_000_000, 5, false]], ageDays: 9 },
];

const opt = (name: string, type: string) => ({ name, type });

export const FORM_ITEMS: Insertable<BankFormItemsTable>[] = [
  { sort: 1, code: 'cardType', title: 'Account type', subtitle: '', cate: 'enum', type: '1', value: '1', note: JSON.stringify([opt('Mobile wallet', '1'), opt('Bank card', '2')]), input_type: 0, card_type_mi: 0, channel_number: null, required: false },
  { sort: 2, code: 'channelNumber', title: 'Wallet provider', subtitle: 'Choose your wallet', cate: 'enum', type: '90006', value: '90006', note: JSON.stringify([opt('M-Pesa', '90006'), opt('Tigo Pesa', '90007'), opt('Airtel Money', '90008')]), input_type: 0, card_type_mi: 1, channel_number: null, required: true },
  { sort: 3, code: 'walletPhone', title: 'Wallet phone number', subtitle: 'Enter the wallet phone number', cate: 'text', type: '', value: '', note: '[]', input_type: 1, card_type_mi: 1, channel_number: null, required: true },
  { sort: 4, code: 'mpesaName', title: 'M-Pesa registered name', subtitle: 'Full name as on M-Pesa', cate: 'text', type: '', value: '', note: '[]', input_type: 0, card_type_mi: 1, channel_number: '90006', required: true },
  { sort: 5, code: 'bankName', title: 'Bank', subtitle: 'Choose your bank', cate: 'enum', type: 'CRDB', value: 'CRDB', note: JSON.stringify([opt('CRDB Bank', 'CRDB'), opt('NMB Bank', 'NMB'), opt('NBC Bank', 'NBC')]), input_type: 0, card_type_mi: 2, channel_number: null, required: true },
  { sort: 6, code: 'cardNo', title: 'Bank account number', subtitle: 'Enter your account number', cate: 'text', type: '', value: '', note: '[]', input_type: 1, card_type_mi: 2, channel_number: null, required: true },
  { sort: 7, code: 'bankCity', title: 'Branch city', subtitle: 'Choose the branch city', cate: 'citySelect', type: '', value: '', note: JSON.stringify([opt('Dar es Salaam', 'DAR'), opt('Arusha', 'ARU'), opt('Mwanza', 'MWZ'), opt('Dodoma', 'DOD')]), input_type: 0, card_type_mi: 2, channel_number: null, required: false },
  { sort: 8, code: 'holderName', title: 'Account holder name', subtitle: 'Full name', cate: 'text', type: '', value: '', note: '[]', input_type: 0, card_type_mi: 0, channel_number: null, required: true },
  { sort: 9, code: 'salaryDay', title: 'Salary day', subtitle: 'Day of the month you are paid', cate: 'day', type: '', value: '', note: '[]', input_type: 1, card_type_mi: 0, channel_number: null, required: false },
];

export const PROBLEM_TYPES = [
  { value: 1, parent_value: 0, title: 'Collection', sort: 1 },
  { value: 2, parent_value: 0, title: 'Repayment issue', sort: 2 },
  { value: 3, parent_value: 0, title: 'App problem', sort: 3 },
  { value: 4, parent_value: 0, title: 'Other', sort: 4 },
  { value: 11, parent_value: 1, title: 'Harassing calls', sort: 11 },
  { value: 12, parent_value: 1, title: 'Contacting my contacts', sort: 12 },
  { value: 13, parent_value: 1, title: 'Rude language', sort: 13 },
  { value: 14, parent_value: 1, title: 'Other collection issue', sort: 14 },
];

export const PROBLEMS = [
  { order_no: 'O170', problem_type: 2, problem_son_type: null, content: 'I paid yesterday but the app still shows the amount due.', images: [], dispose_detail: 'Your payment was received and your order has been updated. Sorry for the delay.', dispose_images: ['/assets/demo/receipt.svg'], is_need_score: 1, ageDays: 6 },
  { order_no: 'O180D', problem_type: 1, problem_son_type: 11, content: 'The collector called me many times late at night.', images: [], dispose_detail: '', dispose_images: [], is_need_score: 0, ageDays: 2 },
  { order_no: '', problem_type: 3, problem_son_type: null, content: 'The repayment page takes long to load on my phone.', images: [], dispose_detail: 'Thank you, we improved the page speed in the latest version.', dispose_images: [], is_need_score: 0, ageDays: 20 },
];

export const SETTINGS: Record<string, unknown> = {
  contact: { email: 'support@kopa.example', smWa: '+255 755 123 456', telephone: '+255 755 123 456' },
  wallets: [opt('M-Pesa', '90006'), opt('Tigo Pesa', '90007'), opt('Airtel Money', '90008')],
  // Card repayments at or above this amount (cents) need an SMS code on any card (TZS 500.000,00).
  repaySms: { minAmount: 50_000_000 },
  unionError: { noticeMessage: 'We could not sign you in through the partner app.', errMessage: 'The partner session has expired. Please open Kopa again from the partner app.' },
  payNotice: {
    'Mobile money': [
      { name: 'M-Pesa', steps: ['Dial *150*00#', 'Choose Pay by M-Pesa, then Enter business number 400200', 'Enter the pay code as the reference', 'Enter the amount and your PIN'] },
      { name: 'Tigo Pesa', steps: ['Dial *150*01#', 'Choose Pay bills, then Enter business number 400200', 'Enter the pay code as the reference', 'Confirm with your PIN'] },
    ],
    'Bank or agent': [
      { name: 'CRDB agent', steps: ['Give the agent the pay code', 'Pay the total amount', 'Keep the deposit slip'] },
    ],
  },
  'template:default': { id: 'default', title: 'Kopa - cash in minutes', banner: '/assets/demo/banner.svg', buttonText: 'Register now', downloadUrl: 'https://kopa.example/download', agreementTitle: 'Registration Agreement', merchantNumber: 'KOPA001', themeColor: '#1f6feb' },
  'template:T100': { id: 'T100', title: 'Kopa for students', banner: '/assets/demo/banner.svg', buttonText: 'Join now', downloadUrl: 'https://kopa.example/download?src=T100', agreementTitle: 'Registration Agreement', merchantNumber: 'KOPA001', themeColor: '#0b8a5f' },
};

export const CONTRACTS = [
  { product_id: '*', position: 1, title: 'Loan Agreement' },
  { product_id: '*', position: 2, title: 'Privacy Policy' },
  { product_id: '*', position: 3, title: 'Repayment Authorization' },
];
