/**
 * Baseline for npm run bench: the installment repayment screen written by hand in React, with
 * the same data call, the same stylesheet and the same first interactive control (Pay Now), so
 * the ratio measures only what the server-driven runtime costs.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../../src/shell/app.css';

interface Installment {
  periodNo: number;
  totalAmount: number;
  dueTime: string;
  canClick: number;
}
interface Plan {
  productName: string;
  amountMax: number;
  bankList: { name: string; type: string }[];
  repayPlanDetail: { repayWaitDetail: Installment[]; repayYetDetail: Installment[] };
}

function money(cents: number): string {
  const [int, dec] = (cents / 100).toFixed(2).split('.');
  return `${(int ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
}

function App() {
  const [plan, setPlan] = useState<Plan | null>(null);
  const [all, setAll] = useState(false);
  const [account, setAccount] = useState('');
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    void fetch(`/vexed/v3/installment/loan-play-detail-yd?${q}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ productId: q.get('productId'), orderId: q.get('orderId') }),
    })
      .then((r) => r.json())
      .then((body: { data: Plan }) => setPlan(body.data));
  }, []);
  if (!plan) return <main className="k-page k-state">Loading...</main>;
  const pending = plan.repayPlanDetail.repayWaitDetail;
  const selected = all ? pending : pending.slice(0, 1);
  const total = selected.reduce((s, i) => s + i.totalAmount, 0);
  return (
    <main className="k-page">
      <div className="k-container k-surface-primary">
        <p className="k-text">Repayment amount</p>
        <p className="k-text k-size-xxl">TZS {money(total)}</p>
      </div>
      <div className="k-container k-surface-card">
        <select aria-label="Wallet">{plan.bankList.map((b) => <option key={b.type}>{b.name}</option>)}</select>
        <input aria-label="Account number" inputMode="numeric" value={account} onChange={(e) => setAccount(e.target.value.replace(/\D/g, ''))} />
      </div>
      <div className="k-container k-surface-card">
        <label><input type="checkbox" checked={all} onChange={() => setAll(!all)} /> Select all</label>
        {pending.map((item, i) => (
          <div key={item.periodNo} className="k-container" data-testid="installment-row">
            <p className="k-text">Period {item.periodNo} · {item.dueTime.slice(0, 10)}</p>
            <p className="k-text">TZS {money(item.totalAmount)} {i === 0 || all ? '✓' : ''}</p>
          </div>
        ))}
      </div>
      <div className="k-sticky-bottom">
        <button type="button" className="k-button k-button--primary">Pay Now</button>
      </div>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
