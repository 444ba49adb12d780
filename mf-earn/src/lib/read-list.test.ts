import { readList } from './read-list';

describe('reading a list from an answer (spec §7: data.data or data)', () => {
  it('reads `data` when it is the list', () => {
    expect(readList({ status: 'success', data: [1, 2] })).toEqual([1, 2]);
  });

  it('reads `data.data` when the list is nested', () => {
    expect(readList({ status: 'success', data: { data: [3] } })).toEqual([3]);
  });

  it('gives an empty list for anything else', () => {
    expect(readList({ status: 'success', data: null })).toEqual([]);
    expect(readList('oops')).toEqual([]);
    expect(readList(null)).toEqual([]);
  });
});
