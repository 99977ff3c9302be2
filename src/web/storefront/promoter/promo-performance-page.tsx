// /promo-performance (optional ?promoCode): the promoter's 'Campaign Performance' report (spec §2,
// §4 promo report, §5, §8): code and pass, then the table (promo-report.tsx) or a message.
// Its own chunk (routes.tsx); the form's CSS is in the first load so the server HTML is styled.
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { PromoReportPage } from '../../../contract/promotions.js';
import { WRONG_CODE_OR_PASSWORD } from '../../../domain/promo-report.js';
import { ApiError, promoReport } from '../../api/http-api.js';
import { PageMeta } from '../../page-meta.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { PageHeading } from '../../ui/page-heading.js';
import { PromoReport } from './promo-report.js';
import '../pages/pages.css';
import '../pages/lookup-form.css';

type Asked = { promoCode: string; password: string };
type Report =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'message'; message: string }
  | { state: 'rows'; code: string; asked: Asked; report: PromoReportPage; turning: boolean };

export default function PromoPerformancePage() {
  const [searchParams] = useSearchParams();
  const [code, setCode] = useState(() => (searchParams.get('promoCode') ?? '').slice(0, 60));
  const [password, setPassword] = useState('');
  const [report, setReport] = useState<Report>({ state: 'idle' });
  const latest = useRef(0);
  const reportTop = useRef<HTMLDivElement>(null);

  /** Asks for a page of the report with the code and pass of the last search. */
  const load = async (asked: Asked, page: number, turned = false) => {
    const call = ++latest.current;
    try {
      const answer = await promoReport({ ...asked, page });
      if (call !== latest.current) return;
      setReport({ state: 'rows', code: asked.promoCode.trim().toUpperCase(), asked, report: answer, turning: false });
      // A turned page starts at the top of the table, not where Next was pressed.
      const top = reportTop.current;
      if (turned && top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' });
    } catch (err) {
      if (call !== latest.current) return;
      // Spec §8: a failed call is 'Code or password is wrong...'; too many tries say so instead.
      const message = err instanceof ApiError && err.code === 'rate_limited' ? err.message : WRONG_CODE_OR_PASSWORD;
      setReport({ state: 'message', message });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return;
    setReport({ state: 'loading' });
    void load({ promoCode: code, password }, 1);
  };

  const turnPage = (page: number) => {
    if (report.state !== 'rows') return;
    setReport({ ...report, turning: true });
    void load(report.asked, page, true);
  };

  const loading = report.state === 'loading';
  return (
    <div className="content-page promo-page">
      <PageMeta title="Campaign Performance" path="/promo-performance" noIndex />
      <PageHeading eyebrow="Partners" title="Campaign Performance">
        <p>Enter your promo code and its performance access pass to see the orders placed with your code.</p>
      </PageHeading>

      <form className="lookup-form" onSubmit={(e) => void submit(e)} aria-label="Campaign report">
        <FormField
          label="Promo code"
          name="promoCode"
          autoComplete="username"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={60}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          hint="Your performance access pass"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button
          type="submit"
          disabled={password === '' || loading}
          aria-busy={loading || undefined}
          className="lookup-form__submit"
        >
          Search
        </Button>
      </form>

      {report.state === 'message' && (
        <p className="lookup-message" role="alert">
          {report.message}
        </p>
      )}
      {loading && (
        <div className="lookup-loading" role="status">
          <span className="visually-hidden">Loading the report</span>
        </div>
      )}
      <div ref={reportTop} className="promo-page__report">
        {report.state === 'rows' && (
          <PromoReport code={report.code} report={report.report} onPage={report.turning ? undefined : turnPage} />
        )}
      </div>
    </div>
  );
}
