import { cleanup, render, screen } from '@testing-library/react';
import type { WithdrawalPayout } from '@vestora/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { PayoutNote, refetchWhileUnpaid } from './payout-note.tsx';

const TX_ID = `0x${'ab'.repeat(32)}`;

/** 0.1 ETH at 3,000.00 USD, approved and waiting for the transaction that pays it. */
const AWAITING: WithdrawalPayout = {
  state: 'awaitingPayment',
  isVerified: false,
  txId: null,
  txUrl: null,
  confirmations: null,
  requiredConfirmations: 3,
  coinAmountBaseUnits: '100000000000000000',
  usdCentsPerCoin: '300000',
  paidAt: null,
};

afterEach(cleanup);

describe('PayoutNote', () => {
  it('says an approved withdrawal waits for its payment, at the amount and rate it was fixed at', () => {
    render(<PayoutNote payout={AWAITING} coin="eth" />);
    screen.getByText('Approved, awaiting payment');
    screen.getByText('0.1 ETH at $3,000.00 per ETH');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(/not checked on chain/)).toBeNull();
  });

  it('counts the confirmations of a payment on chain and links its transaction, opening a new tab', () => {
    const txUrl = `https://etherscan.io/tx/${TX_ID}`;
    render(
      <PayoutNote
        payout={{ ...AWAITING, state: 'broadcast', isVerified: true, txId: TX_ID, txUrl, confirmations: 1 }}
        coin="eth"
      />,
    );
    screen.getByText('Sent, 1 of 3 confirmations');
    const link = screen.getByRole('link', { name: `${TX_ID} (transaction, opens in a new tab)` });
    expect(link.getAttribute('href')).toBe(txUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('says a payout staff marked paid was not checked on chain, beside the reference they gave', () => {
    render(
      <PayoutNote
        payout={{
          ...AWAITING,
          state: 'paid',
          txId: 'f4184fc596403b9d638783cf57adfe4c75c605f6',
          requiredConfirmations: null,
          coinAmountBaseUnits: '250000',
          usdCentsPerCoin: '4000000',
          paidAt: '2026-11-25T10:00:00.000Z',
        }}
        coin="btc"
      />,
    );
    screen.getByText('Paid');
    screen.getByText('0.0025 BTC at $40,000.00 per BTC');
    screen.getByText('f4184fc596403b9d638783cf57adfe4c75c605f6');
    screen.getByText('Marked paid by staff; not checked on chain');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('leaves the conversion out of a withdrawal paid before rates were kept', () => {
    render(
      <PayoutNote
        payout={{ ...AWAITING, state: 'paid', coinAmountBaseUnits: null, usdCentsPerCoin: null }}
        coin="btc"
      />,
    );
    screen.getByText('Paid');
    expect(screen.queryByText(/ at \$/)).toBeNull();
  });
});

describe('refetchWhileUnpaid', () => {
  it('asks again only while a payout waits for its transaction or its confirmations', () => {
    const paid: WithdrawalPayout = { ...AWAITING, state: 'paid' };
    expect(refetchWhileUnpaid(undefined)).toBe(false);
    expect(refetchWhileUnpaid([{ payout: null }, {}, { payout: paid }])).toBe(false);
    expect(refetchWhileUnpaid([{ payout: paid }, { payout: AWAITING }])).toBeGreaterThan(0);
    expect(refetchWhileUnpaid([{ payout: { ...AWAITING, state: 'broadcast' } }])).toBeGreaterThan(0);
  });
});
