import { useEffect, useState, type FormEvent } from 'react';
import { Button, Cell, Column, Form, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { api, type Schemas } from '../api/client';
import { Field, Notice, PageTitle } from '../components';
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
          <div className="table-scroll" role="region" aria-label={t('ledger.table')} tabIndex={0}>
            <Table aria-label={t('ledger.table')} className="react-aria-Table numbers">
              <TableHeader>
                <Column isRowHeader>{t('ledger.account')}</Column>
                <Column>{t('ledger.name')}</Column>
                <Column>{t('ledger.debit')}</Column>
                <Column>{t('ledger.credit')}</Column>
                <Column>{t('ledger.debitBalance')}</Column>
                <Column>{t('ledger.creditBalance')}</Column>
              </TableHeader>
              <TableBody renderEmptyState={() => t('ledger.empty')}>
                {[
                  ...balance.accounts.map((row) => (
                    <Row key={row.account} id={row.account}>
                      <Cell>{row.account}</Cell>
                      <Cell>{row.name ?? ''}</Cell>
                      <Cell>{formatMoney(row.debit)}</Cell>
                      <Cell>{formatMoney(row.credit)}</Cell>
                      <Cell>{formatMoney(row.debit_balance)}</Cell>
                      <Cell>{formatMoney(row.credit_balance)}</Cell>
                    </Row>
                  )),
                  ...(balance.accounts.length ? [
                    <Row key="totals" id="totals" className="totals">
                      <Cell>{t('ledger.totals')}</Cell>
                      <Cell>{''}</Cell>
                      <Cell>{formatMoney(balance.totals.debit)}</Cell>
                      <Cell>{formatMoney(balance.totals.credit)}</Cell>
                      <Cell>{formatMoney(balance.totals.debit_balance)}</Cell>
                      <Cell>{formatMoney(balance.totals.credit_balance)}</Cell>
                    </Row>,
                  ] : []),
                ]}
              </TableBody>
            </Table>
          </div>
        </>
      ) : <p>{t('app.loading')}</p>}
    </section>
  );
}
