import { useCallback, useEffect, useState } from 'react';
import { Button, DropZone, FileTrigger, Text } from 'react-aria-components';
import { api, problemOf, type Schemas } from '../api/client';
import { Notice, PageTitle } from '../components';
import { formatDate, formatMoney } from '../format';
import { useT } from '../i18n';

type Treasury = Schemas['TreasuryResponse'];
type BoardItem = Schemas['ReconciliationBoard']['items'][number];
type Match = Schemas['MatchResponse'];

/**
 * Banks: each treasury with its balance, a statement dropped (or picked) onto one to import it,
 * and the reconciliation board: each unmatched movement with the API's proposal, accepted with one
 * press (the button has the focus order of the list, so Tab + Enter), categorised by a suggested
 * account, and the last action undone.
 */
export function BanksPage() {
  const t = useT();
  const [treasuries, setTreasuries] = useState<Treasury[]>();
  const [board, setBoard] = useState<{ items: BoardItem[]; total: number }>();
  const [notice, setNotice] = useState<{ kind: 'info' | 'error'; text: string }>();
  const [last, setLast] = useState<Match>();

  const reload = useCallback(async () => {
    const [list, items] = await Promise.all([
      api.GET('/api/v1/treasuries', { params: { query: { limit: 100 } } }),
      api.GET('/api/v1/reconciliation/board', { params: { query: { limit: 50 } } }),
    ]);
    setTreasuries(list.data?.items.filter((tr) => !tr.archived) ?? []);
    setBoard(items.data ? { items: items.data.items, total: items.data.total } : { items: [], total: 0 });
  }, []);
  useEffect(() => { void reload(); }, [reload]);

  async function importStatement(treasury: Treasury, file: File) {
    const form = new FormData();
    form.append('file', file, file.name);
    const { data, error, response } = await api.POST('/api/v1/treasuries/{treasury_id}/import', {
      params: { path: { treasury_id: treasury.id } }, body: { file: '' }, bodySerializer: () => form,
    });
    if (data) setNotice({ kind: 'info', text: t('banks.imported', { imported: data.imported, duplicates: data.duplicates, name: treasury.name }) });
    else setNotice({ kind: 'error', text: problemOf(error, response.status).message ?? Object.values(problemOf(error, response.status).fields)[0] ?? t('app.error') });
    await reload();
  }

  async function accept(item: BoardItem) {
    const proposal = item.proposal!;
    const { data, error, response } = await api.POST('/api/v1/reconciliation/matches', {
      body: {
        movement_id: item.movement.id, allow_overpayment: false, score: proposal.score,
        allocations: proposal.documents.map((d) => ({ document_id: d.document_id, amount: d.amount })),
        ...(proposal.fee_amount ? { fee_amount: proposal.fee_amount } : {}),
      },
    });
    finish(data, error, response, t('banks.matched', { numbers: proposal.documents.map((d) => d.number).join(', ') }));
  }

  async function categorise(item: BoardItem, account: string) {
    const { data, error, response } = await api.POST('/api/v1/reconciliation/categorize', {
      body: { movement_id: item.movement.id, account, suggested: true },
    });
    finish(data, error, response, t('banks.categorised', { account }));
  }

  function finish(data: Match | undefined, error: unknown, response: Response, text: string) {
    if (data) { setLast(data); setNotice({ kind: 'info', text }); }
    else setNotice({ kind: 'error', text: problemOf(error, response.status).message ?? t('app.error') });
    void reload();
  }

  async function undo() {
    if (!last) return;
    const { response, error } = await api.DELETE('/api/v1/reconciliation/matches/{id}', { params: { path: { id: last.id } } });
    setLast(undefined);
    setNotice(response.ok ? { kind: 'info', text: t('banks.undone') } : { kind: 'error', text: problemOf(error, response.status).message ?? t('app.error') });
    void reload();
  }

  return (
    <section>
      <PageTitle>{t('banks.title')}</PageTitle>
      {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
      {last ? <p><Button onPress={() => void undo()}>{t('banks.undo')}</Button></p> : null}
      <h2>{t('banks.treasuries')}</h2>
      {!treasuries ? <p>{t('app.loading')}</p> : treasuries.length === 0 ? <p>{t('banks.none')}</p> : (
        <ul className="treasuries">
          {treasuries.map((treasury) => (
            <li key={treasury.id} className="widget">
              <h3>{treasury.name}</h3>
              <p className="figure"><span className="figure-label">{treasury.iban ?? treasury.ledger_account}</span> <strong>{formatMoney(treasury.balance, treasury.currency)}</strong></p>
              <DropZone className="dropzone" aria-label={t('banks.drop', { name: treasury.name })}
                onDrop={async (event) => {
                  const item = event.items.find((i) => i.kind === 'file');
                  if (item && item.kind === 'file') await importStatement(treasury, await item.getFile());
                }}>
                <Text slot="label">{t('banks.drop', { name: treasury.name })}</Text>
                <FileTrigger onSelect={(files) => { const file = files?.[0]; if (file) void importStatement(treasury, file); }}>
                  <Button>{t('banks.pick')}</Button>
                </FileTrigger>
              </DropZone>
            </li>
          ))}
        </ul>
      )}
      <h2>{t('banks.board')}</h2>
      {board ? <p role="status" className="count">{t('banks.pending', { count: board.total })}</p> : null}
      <ul className="board-list">
        {(board?.items ?? []).map((item) => (
          <li key={item.movement.id} className="movement">
            <p className="movement-line">
              <span>{formatDate(item.movement.date)} · {item.movement.description}{item.movement.counterparty ? ` · ${item.movement.counterparty}` : ''}</span>
              <strong className="amount">{formatMoney(item.movement.amount)}</strong>
            </p>
            {item.proposal ? (
              <div className="proposal">
                <span>{t('banks.proposal', { numbers: item.proposal.documents.map((d) => d.number).join(', '), score: Math.round(item.proposal.score * (item.proposal.score <= 1 ? 100 : 1)) })}</span>
                <span className="count">{item.proposal.reasons.map((r) => r.detail).join(' · ')}</span>
                <Button className="primary" onPress={() => void accept(item)}>{t('banks.accept', { numbers: item.proposal.documents.map((d) => d.number).join(', ') })}</Button>
              </div>
            ) : null}
            {item.categories.length ? (
              <div className="proposal">
                {item.categories.slice(0, 3).map((category) => (
                  <Button key={category.account} onPress={() => void categorise(item, category.account)}>{t('banks.categorise', { account: category.account, name: category.name })}</Button>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
