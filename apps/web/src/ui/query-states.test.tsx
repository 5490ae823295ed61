import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../client/api.ts';
import { QueryTable } from './query-table.tsx';
import { QueryView } from './query-view.tsx';
import { Cell, HeaderCell, Row } from './table.tsx';

interface Answer {
  data: { id: string; name: string }[];
}

/** A query in one of the states TanStack Query reports; only the fields the primitives read. */
function queryIn(state: 'pending' | 'error' | 'success', data?: Answer, isFetching = false) {
  return {
    isPending: state === 'pending',
    isError: state === 'error',
    error: state === 'error' ? new ApiError('The server is resting.', 503) : null,
    data,
    isFetching,
  } as unknown as UseQueryResult<Answer>;
}

const PEOPLE: Answer = {
  data: [
    { id: '1', name: 'Ada' },
    { id: '2', name: 'Grace' },
  ],
};

function PeopleTable({ query }: { query: UseQueryResult<Answer> }) {
  return (
    <QueryTable
      query={query}
      label="People"
      loadingLabel="Loading people"
      columns={['Name']}
      empty="Nobody yet."
      renderRow={(person) => (
        <Row key={person.id}>
          <Cell label="Name">{person.name}</Cell>
        </Row>
      )}
    />
  );
}

function PeopleCards({ query }: { query: UseQueryResult<Answer> }) {
  return (
    <QueryView
      query={query}
      loadingLabel="Loading people"
      empty={{ when: (answer) => answer.data.length === 0, content: 'Nobody yet.' }}
    >
      {(answer) => (
        <ul aria-label="People">
          {answer.data.map((person) => (
            <li key={person.id}>{person.name}</li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

afterEach(cleanup);

describe.each([
  ['QueryTable', PeopleTable],
  ['QueryView', PeopleCards],
])('%s', (_name, Show) => {
  it('shows a labelled spinner until the first answer', () => {
    render(<Show query={queryIn('pending')} />);
    expect(screen.getByRole('status', { name: 'Loading people' })).toBeTruthy();
    expect(screen.queryByText('Ada')).toBeNull();
  });

  it("shows the server's message when the query fails", () => {
    render(<Show query={queryIn('error')} />);
    expect(screen.getByRole('alert').textContent).toBe('The server is resting.');
  });

  it('says so when the answer holds nothing', () => {
    render(<Show query={queryIn('success', { data: [] })} />);
    expect(screen.getByText('Nobody yet.')).toBeTruthy();
  });

  it('shows every row, busy while a newer answer loads', () => {
    const { rerender } = render(<Show query={queryIn('success', PEOPLE)} />);
    const people = screen.getByRole(Show === PeopleTable ? 'table' : 'list', { name: 'People' });
    expect(within(people).getByText('Ada')).toBeTruthy();
    expect(within(people).getByText('Grace')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();

    rerender(<Show query={queryIn('success', PEOPLE, true)} />);
    const busy = document.querySelector('[aria-busy="true"]');
    expect(busy?.textContent).toContain('Grace');
  });
});

describe('QueryTable headers', () => {
  it('draws the header cells it is given, and plain ones for the other columns', () => {
    render(
      <QueryTable
        query={queryIn('success', PEOPLE)}
        label="People"
        loadingLabel="Loading people"
        columns={['Name', 'Action']}
        renderHeader={(column) =>
          column === 'Name' && (
            <HeaderCell aria-sort="ascending">
              <button type="button">Name</button>
            </HeaderCell>
          )
        }
        empty="Nobody yet."
        renderRow={(person) => (
          <Row key={person.id}>
            <Cell label="Name">{person.name}</Cell>
            <Cell label="Action">-</Cell>
          </Row>
        )}
      />,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Action']);
    expect(within(headers[0] as HTMLElement).getByRole('button', { name: 'Name' })).toBeTruthy();
    expect(headers[0]?.getAttribute('aria-sort')).toBe('ascending');
  });
});

/** A panel that shows only when something waits. */
function Panel({ query }: { query: UseQueryResult<Answer> }) {
  return (
    <QueryView query={query} loadingLabel={null} empty={{ when: (answer) => answer.data.length === 0 }}>
      {(answer) => <p>{answer.data.length} waiting</p>}
    </QueryView>
  );
}

describe('QueryView out of sight', () => {
  it('draws nothing while it loads or when the answer holds nothing, the error when it fails', () => {
    const { container, rerender } = render(<Panel query={queryIn('pending')} />);
    expect(container.innerHTML).toBe('');
    rerender(<Panel query={queryIn('success', { data: [] })} />);
    expect(container.innerHTML).toBe('');
    rerender(<Panel query={queryIn('error')} />);
    expect(screen.getByRole('alert').textContent).toBe('The server is resting.');
    rerender(<Panel query={queryIn('success', PEOPLE)} />);
    expect(screen.getByText('2 waiting')).toBeTruthy();
  });
});
