import { useEffect, useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { api, type Schemas } from '../api/client';
import { DataTable, Field, Notice, PageTitle } from '../components';
import { formatDate, formatMoney } from '../format';
import { useT } from '../i18n';

type TrialBalance = Schemas['TrialBalanceResponse'];
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Balance de sumas y saldos for a period (the whole history when none is given). */
export function TrialBalancePage() {
  const t = useT();
  const year = new Date().getFullYear();
  const [period, setPeriod] = useState({ from: `${year}-01-01`, to: `${year}-12-31` });
  const [balance, setBalance] = useState<TrialBalance>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    api.GET('/api/v1/ledger/trial-balance', { params: { query: { from: period.from || undefined, to: period.to || undefined } } }).then(({ data }) => {
      if (!current) return;
      setFailed(!data);
      setBalance(data);
    });
    return () => { current = false; };
  }, [period]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setPeriod({ from: isDate(values.from) ? values.from : '', to: isDate(values.to) ? values.to : '' });
  }

  return (
    <section>
      <PageTitle>{t('ledger.trialBalance.title')}</PageTitle>
      <Form onSubmit={submit} className="toolbar" validationBehavior="aria">
        <Field name="from" type="date" label={t('ledger.from')} defaultValue={period.from} />
        <Field name="to" type="date" label={t('ledger.to')} defaultValue={period.to} />
        <Button type="submit">{t('ledger.show')}</Button>
      </Form>
      {failed ? <Notice kind="error">{t('app.error')}</Notice> : null}
      {balance ? (
        <>
          <p className="count">{balance.from || balance.to ? t('ledger.period', { from: balance.from ? formatDate(balance.from) : '…', to: balance.to ? formatDate(balance.to) : '…' }) : t('ledger.allTime')}</p>
          <DataTable label={t('ledger.table')} className="numbers" items={trialBalanceRows(balance, t('ledger.totals'))} emptyText={t('ledger.empty')}
            rowClassName={(row) => (row.isTotals ? 'totals' : undefined)}
            rowHref={(row) => (row.isTotals ? (undefined as unknown as string) : `/ledger/account/${row.id}${statementQuery(balance)}`)}
            columns={[
              { header: t('ledger.account'), isRowHeader: true, cell: (row) => row.label },
              { header: t('ledger.name'), cell: (row) => row.name },
              { header: t('ledger.debit'), cell: (row) => formatMoney(row.debit) },
              { header: t('ledger.credit'), cell: (row) => formatMoney(row.credit) },
              { header: t('ledger.debitBalance'), cell: (row) => formatMoney(row.debit_balance) },
              { header: t('ledger.creditBalance'), cell: (row) => formatMoney(row.credit_balance) },
            ]} />
        </>
      ) : <p>{t('app.loading')}</p>}
    </section>
  );
}

/** The trial balance's period as the account statement's query (an account's row opens its statement for the same period). */
const statementQuery = (balance: TrialBalance) => {
  const query = new URLSearchParams();
  if (balance.from) query.set('from', balance.from);
  if (balance.to) query.set('to', balance.to);
  return query.size ? `?${query}` : '';
};

type Amounts = Pick<TrialBalance['totals'], 'debit' | 'credit' | 'debit_balance' | 'credit_balance'>;

/** One row per account, then the totals row (when there is any account). */
function trialBalanceRows(balance: TrialBalance, totalsLabel: string): (Amounts & { id: string; label: string; name: string; isTotals: boolean })[] {
  const amounts = ({ debit, credit, debit_balance, credit_balance }: Amounts): Amounts => ({ debit, credit, debit_balance, credit_balance });
  return [
    ...balance.accounts.map((row) => ({ ...amounts(row), id: row.account, label: row.account, name: row.name ?? '', isTotals: false })),
    ...(balance.accounts.length ? [{ ...amounts(balance.totals), id: 'totals', label: totalsLabel, name: '', isTotals: true }] : []),
  ];
}
