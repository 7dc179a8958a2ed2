import { describe, expect, it } from 'vitest';
import { ACH_NAME_STAND_IN, achNames, toConvergeText } from './converge-text.ts';
import { CONVERGE_FIELD_LIMITS } from './converge.types.ts';

describe('toConvergeText', () => {
  it.each([
    ['José Núñez', 'Jose Nunez'],
    ['Zoë', 'Zoe'],
    ['Nguyễn Thị Minh', 'Nguyen Thi Minh'],
    ["O'Brien-Smith", "O'Brien-Smith"],
    ['O’Brien', "O'Brien"],
    ['Łucja Kőrösi', 'Lucja Korosi'],
    ['Þórunn Æsa Straße', 'Thorunn AEsa Strasse'],
    ['Zoë 中文', 'Zoe'],
    ['陈', ''],
    ['Calle 5 de Mayo Nº 12', 'Calle 5 de Mayo No 12'],
    ['Ｆｕｌｌ　Ｗｉｄｔｈ', 'Full Width'],
  ])('%j → %j', (typed, sent) => {
    expect(toConvergeText(typed, 30)).toBe(sent);
  });

  it('sends printable ASCII only, within the limit and without a trailing space', () => {
    expect(toConvergeText('Ana\tMaría\u0000 Torres', 30)).toBe('Ana Maria Torres');
    expect(toConvergeText('Maria Lopez-Hernandez de la Cruz', 20)).toBe('Maria Lopez-Hernande');
    expect(toConvergeText('Maria del Carmen Ortiz', 17)).toBe('Maria del Carmen');
    for (const sent of ['Ærøskøbing Ōtsuka', '𠮷野 Đặng']) {
      expect(toConvergeText(sent, 30)).toMatch(/^[\x20-\x7E]*$/);
    }
  });
});

describe('achNames', () => {
  const names = (first: string, last: string) => achNames(first, last, CONVERGE_FIELD_LIMITS);

  it('spells both parts in ASCII within Converge’s limits', () => {
    expect(names('Nguyễn Thị', 'Minh')).toEqual({ firstName: 'Nguyen Thi', lastName: 'Minh' });
    expect(names('A'.repeat(25), 'B'.repeat(35))).toEqual({
      firstName: 'A'.repeat(CONVERGE_FIELD_LIMITS.firstName),
      lastName: 'B'.repeat(CONVERGE_FIELD_LIMITS.lastName),
    });
  });

  it('lends a part with no Latin spelling the other part, and stands in for a name with none', () => {
    expect(names('Wei', '陈')).toEqual({ firstName: 'Wei', lastName: 'Wei' });
    expect(names('小明', 'Chen')).toEqual({ firstName: 'Chen', lastName: 'Chen' });
    expect(names('小明', '陈')).toEqual(ACH_NAME_STAND_IN);
  });
});
