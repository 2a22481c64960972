/**
 * Baseline for npm run bench: the installment repayment screen (layouts/repay.json) written by
 * hand in React: the same data call, the same sections and controls, the same stylesheet and
 * the same first interactive control (Pay Now), so the ratio measures what the server-driven
 * runtime costs and nothing else.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../../src/app/shell/app.css';

interface Installment {
  periodNo: number;
  totalAmount: number;
  dueTime: string;
  canClick: number;
  statusText: string;
  periodStatus: number;
}
interface Plan {
  productName: string;
  amountMax: number;
  amountMin: number;
  note: string;
  telephone: string;
  bankCardInfo: { bankName: string; cardNo: string };
  bankList: { name: string; type: string }[];
  repayPlanDetail: {
    repayWaitCount: number;
    repayWaitDetail: Installment[];
    repayYetDetail: Installment[];
  };
}

function money(cents: number): string {
  const [int, dec] = (cents / 100).toFixed(2).split('.');
  return `${(int ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
}

function App() {
  const [plan, setPlan] = useState<Plan | null>(null);
  const [selectAll, setSelectAll] = useState(false);
  const [firstSelected, setFirstSelected] = useState(true);
  const [editing, setEditing] = useState(false);
  const [amount, setAmount] = useState('');
  const [account, setAccount] = useState('');
  const [showPaid, setShowPaid] = useState(false);
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    void fetch(`/vexed/v3/installment/loan-play-detail-yd?${q}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        building: '',
        gather: '',
      },
      body: JSON.stringify({ productId: q.get('productId'), orderId: q.get('orderId') }),
    })
      .then((r) => r.json())
      .then((body: { data: Plan }) => setPlan(body.data));
  }, []);
  useEffect(() => {
    document.title = 'Repayment Details';
  }, []);
  if (!plan) return <main className="k-page k-state">Loading...</main>;
  const pending = plan.repayPlanDetail.repayWaitDetail;
  const paid = plan.repayPlanDetail.repayYetDetail;
  const total = firstSelected
    ? (selectAll ? pending : pending.slice(0, 1)).reduce((s, i) => s + i.totalAmount, 0)
    : 0;
  return (
    <main className="k-page">
      <header className="k-container k-surface-primary">
        <h1>Repayment Details</h1>
      </header>
      <div className="k-container k-surface-card k-gap-s">
        <p className="k-text k-text--label">Repayment amount</p>
        {editing ? (
          <label>
            Repayment amount (TZS)
            <input
              inputMode="numeric"
              placeholder={`${money(plan.amountMin)} - ${money(plan.amountMax)}`}
              value={amount}
              onChange={(e) =>
                setAmount(
                  String(
                    Math.min(
                      Number(e.target.value.replace(/\D/g, '')),
                      Math.floor(plan.amountMax / 100),
                    ),
                  ),
                )
              }
            />
          </label>
        ) : (
          <>
            <div className="k-container">
              <p className="k-text k-size-xxl k-weight-bold">{money(total)}</p>
              <p className="k-text">TZS</p>
            </div>
            <button
              type="button"
              className="k-text k-text--link"
              onClick={() => {
                setAmount('');
                setEditing(true);
              }}
            >
              Modify amount
            </button>
          </>
        )}
        <p className="k-text k-tone-muted">{plan.productName}</p>
      </div>
      <div className="k-container k-surface-card k-gap-s">
        <h2 className="k-text k-text--heading">Payment account</h2>
        {plan.bankCardInfo.cardNo ? (
          <p className="k-text k-tone-muted">
            Bound account: {plan.bankCardInfo.bankName} {plan.bankCardInfo.cardNo}
          </p>
        ) : null}
        <button type="button" className="k-button k-button--secondary">
          Wallet {plan.bankList[0]?.name}
        </button>
        <label>
          Account number
          <input
            inputMode="numeric"
            placeholder="Enter the wallet account number"
            value={account}
            onChange={(e) => setAccount(e.target.value.replace(/\D/g, ''))}
          />
        </label>
      </div>
      <div className="k-container k-surface-card k-gap-s">
        <h2 className="k-text k-text--heading">
          Pending installments ({plan.repayPlanDetail.repayWaitCount})
        </h2>
        {pending.map((item, i) => (
          <div
            key={item.periodNo}
            className="k-container k-padding-s"
            data-testid="installment-row"
          >
            <div className="k-container k-align-between">
              <label>
                <input
                  type="checkbox"
                  checked={i === 0 ? firstSelected : selectAll}
                  disabled={i > 0 || item.canClick !== 1}
                  onChange={() => {
                    setFirstSelected(!firstSelected);
                    if (firstSelected) setSelectAll(false);
                  }}
                />
                Period {item.periodNo}
              </label>
              <p className="k-text k-weight-bold">{money(item.totalAmount)} TZS</p>
            </div>
            <div className="k-container">
              <p className="k-text k-tone-muted">Due {item.dueTime.slice(0, 10)}</p>
              <p className={`k-text ${item.periodStatus === 2 ? 'k-tone-danger' : 'k-tone-muted'}`}>
                {item.statusText}
              </p>
            </div>
          </div>
        ))}
      </div>
      {paid.length > 0 ? (
        <div className="k-container k-surface-card k-gap-s">
          <button
            type="button"
            className="k-text k-text--link"
            onClick={() => setShowPaid(!showPaid)}
          >
            Paid installments ({paid.length}) {showPaid ? 'Hide' : 'Show'}
          </button>
          {showPaid
            ? paid.map((item) => (
                <p key={item.periodNo} className="k-text">
                  Period {item.periodNo} · {item.statusText} · {money(item.totalAmount)} TZS
                </p>
              ))
            : null}
        </div>
      ) : null}
      <div className="k-container k-padding-m">
        {plan.note ? <p className="k-text k-tone-muted">{plan.note}</p> : null}
        <p className="k-text k-tone-muted">Service phone: {plan.telephone || '+255 700 000 000'}</p>
      </div>
      <div className="k-container k-sticky-bottom k-gap-s">
        <div className="k-container k-align-between">
          <label>
            <input
              type="checkbox"
              checked={selectAll}
              onChange={() => {
                setSelectAll(!selectAll);
                setFirstSelected(true);
              }}
            />{' '}
            Select all
          </label>
          <p className="k-text k-weight-bold">Total: {money(total)} TZS</p>
        </div>
        <button
          type="button"
          className="k-button k-button--primary"
          disabled={editing ? !(Number(amount) > 0) : !firstSelected || pending.length === 0}
        >
          Pay Now
        </button>
      </div>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
