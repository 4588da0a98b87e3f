import { describe, expect, it } from 'vitest';
import {
  canonicalState,
  daysRemaining,
  formatCalendarDate,
  formatDate,
  formatFileSize,
  formatQuetzales,
  isActiveStatus,
  isOpenForApplications,
  jobPosting,
  jsonForScript,
  searchKey,
  splitList,
  stateMessage,
  toCalendarDate,
  toIsoDate,
  todayInGuatemala,
} from '../src/index.js';
import { DEPARTMENTS, MUNICIPALITIES, isValidCui } from '../src/geography.js';

describe('dates', () => {
  it('parses the spellings the api sends', () => {
    expect(toIsoDate('2026-03-09')).toBe('2026-03-09');
    expect(toIsoDate('2026-03-09T23:30:00-06:00')).toBe('2026-03-09');
    expect(toIsoDate('09/03/2026')).toBe('2026-03-09');
    expect(toIsoDate('9/3/2026')).toBe('2026-03-09');
    expect(toIsoDate('09-03-2026')).toBe('2026-03-09');
    expect(toIsoDate('2026-02-30')).toBeNull();
    expect(toIsoDate('mañana')).toBeNull();
    expect(toIsoDate(null)).toBeNull();
  });
  it("an instant's calendar date is Guatemala's, whatever the computer's zone (issue 20)", () => {
    const zone = process.env.TZ;
    // A computer far from Guatemala: dayjs' local time would say the 27th.
    process.env.TZ = 'Asia/Tokyo';
    try {
      // 20:00 on the 26th in Guatemala is 02:00 UTC on the 27th.
      expect(toIsoDate('2026-11-27T02:00:00Z')).toBe('2026-11-26');
      expect(toIsoDate('2026-11-27T02:00:00.000Z')).toBe('2026-11-26');
      expect(toIsoDate('2026-11-27T02:00:00+00:00')).toBe('2026-11-26');
      expect(toIsoDate('2026-11-27 02:00:00+0000')).toBe('2026-11-26');
      expect(toIsoDate(new Date('2026-11-27T02:00:00Z'))).toBe('2026-11-26');
      expect(toIsoDate(Date.parse('2026-11-27T02:00:00Z'))).toBe('2026-11-26');
      expect(formatDate(new Date('2026-11-27T02:00:00Z'))).toBe('26/11/2026');
      // Guatemala's own offset and a later hour of the same Guatemala day.
      expect(toIsoDate('2026-11-26T23:59:00-06:00')).toBe('2026-11-26');
      expect(toIsoDate('2026-11-27T05:59:59Z')).toBe('2026-11-26');
      expect(toIsoDate('2026-11-27T06:00:00Z')).toBe('2026-11-27');
      // No zone: the date stays as written.
      expect(toIsoDate('2026-11-27')).toBe('2026-11-27');
      expect(toIsoDate('2026-11-27T02:00:00')).toBe('2026-11-27');
      expect(toIsoDate('2026-11-27 02:00:00')).toBe('2026-11-27');
      expect(toIsoDate('2026-02-30T02:00:00Z')).toBeNull();
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
  it('a calendar-date field keeps the date written in a timestamp (a date column through a JS Date)', () => {
    expect(toCalendarDate('2026-12-15T00:00:00.000Z')).toBe('2026-12-15');
    expect(toCalendarDate('2026-11-27T02:00:00+00:00')).toBe('2026-11-27');
    expect(toCalendarDate('15/12/2026')).toBe('2026-12-15');
    expect(toCalendarDate('2026-02-30T00:00:00Z')).toBeNull();
    // A Date or epoch number is an instant even here: Guatemala's date of it.
    expect(toCalendarDate(new Date('2026-11-27T02:00:00Z'))).toBe('2026-11-26');
  });
  it('shows dd/mm/yyyy', () => {
    expect(formatDate('2026-12-01')).toBe('01/12/2026');
    expect(formatDate('', 'Fecha no disponible')).toBe('Fecha no disponible');
  });
  it('writes a GraphQL Date as formatDate does, without dayjs', () => {
    for (const iso of ['2026-12-01', '2024-02-29', '2026-01-09', '1901-12-31']) {
      expect(formatCalendarDate(iso)).toBe(formatDate(iso));
    }
    for (const bad of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '', 'mañana', null, undefined]) {
      expect(formatCalendarDate(bad, 'sin fecha')).toBe(formatDate(bad, 'sin fecha'));
    }
  });
  it("knows today's date in Guatemala (UTC−6)", () => {
    expect(todayInGuatemala(new Date('2026-11-23T05:59:00Z'))).toBe('2026-11-22');
    expect(todayInGuatemala(new Date('2026-11-23T06:00:00Z'))).toBe('2026-11-23');
  });
  it('colours the days remaining as spec 2 §4 says', () => {
    expect(daysRemaining('2026-12-01', '2026-11-22')).toMatchObject({ days: 9, tone: 'green' });
    expect(daysRemaining('2026-11-29', '2026-11-22')).toMatchObject({ days: 7, tone: 'orange' });
    expect(daysRemaining('2026-11-23', '2026-11-22')).toMatchObject({
      days: 1,
      tone: 'orange',
      label: '1 día restante',
    });
    expect(daysRemaining('2026-11-22', '2026-11-22')).toMatchObject({ tone: 'red', label: 'Vencida' });
  });
});

describe('amounts', () => {
  it('writes quetzales with two decimals', () => {
    expect(formatQuetzales(4500)).toBe('Q 4,500.00');
    expect(formatQuetzales('3250.5')).toBe('Q 3,250.50');
    expect(formatQuetzales(null)).toBe('');
  });
});

describe('file sizes', () => {
  it('reads small files in KB and large ones in MB, never 0.00 MB', () => {
    expect(formatFileSize(300)).toBe('1 KB');
    expect(formatFileSize(312 * 1024)).toBe('312 KB');
    expect(formatFileSize(4.8 * 1024 * 1024)).toBe('4.8 MB');
    expect(formatFileSize(-1)).toBe('');
  });
});

describe('vacancy helpers', () => {
  it('splits messy lists into clean unique items', () => {
    expect(splitList('[\'Bachiller\', "Experiencia"]')).toEqual(['Bachiller', 'Experiencia']);
    expect(splitList('[a, b ,c]')).toEqual(['a', 'b', 'c']);
    expect(splitList('{"x","y"}')).toEqual(['x', 'y']);
    expect(splitList('• uno\n• dos\n\n')).toEqual(['uno', 'dos']);
    expect(splitList('Manejo de Word, Excel y PowerPoint')).toEqual(['Manejo de Word, Excel y PowerPoint']);
    expect(splitList(['a', ' A ', '', 'b'])).toEqual(['a', 'b']);
    expect(splitList(null)).toEqual([]);
    expect(splitList(['Dominio de inglés (deseable)'])).toEqual(['Dominio de inglés (deseable)']);
    expect(splitList("('Licencia tipo B', 'Moto (propia)')")).toEqual(['Licencia tipo B', 'Moto (propia)']);
  });
  it('reads status spellings', () => {
    expect(['1', 1, true, 'True', 'true '].map(isActiveStatus)).toEqual([true, true, true, true, true]);
    expect(['0', 0, false, 'False', null, 'activo'].map(isActiveStatus)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
  it('keeps a vacancy on the board while active and not past its end date', () => {
    expect(isOpenForApplications({ active: true, endsAt: '2026-11-22' }, '2026-11-22')).toBe(true);
    expect(isOpenForApplications({ active: true, endsAt: '2026-11-21' }, '2026-11-22')).toBe(false);
    expect(isOpenForApplications({ active: true, endsAt: null }, '2026-11-22')).toBe(true);
    expect(isOpenForApplications({ active: false, endsAt: null }, '2026-11-22')).toBe(false);
  });
  it('searches without accents or case', () => {
    expect(searchKey('  Técnico de LABORATORIO ')).toBe('tecnico de laboratorio');
  });
  it('builds a JobPosting whose JSON cannot close its script element', () => {
    const ld = jobPosting(
      {
        name: 'Enfermera',
        description: '</script><b>',
        publishedAt: '2026-11-01',
        endsAt: '2026-12-01',
        branchName: 'Central',
        municipalityName: 'Cobán',
        departmentName: 'Alta Verapaz',
        place: null,
        imageUrl: '/images/plazas/a.webp',
      },
      'Org',
      'https://empleos.example.org',
    );
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      title: 'Enfermera',
      validThrough: '2026-12-01T23:59:59-06:00',
      image: 'https://empleos.example.org/images/plazas/a.webp',
    });
    expect(jsonForScript(ld)).not.toContain('</script>');
  });
});

describe('candidate states', () => {
  it('maps legacy spellings', () => {
    expect(canonicalState('En Revisión')).toBe('en seguimiento');
    expect(canonicalState('pruebas tecnicas')).toBe('en seguimiento');
    expect(canonicalState('en entrevista')).toBe('entrevista');
    expect(canonicalState('induccion')).toBe('inducción');
    expect(canonicalState('otro')).toBeNull();
  });
  it('gives the message per state', () => {
    expect(stateMessage('postulado')).toBe('Tu postulación ha sido recibida. GTH se contactará contigo.');
    expect(stateMessage('???')).toBe('GTH se contactará contigo próximamente.');
  });
});

describe('geography and CUI', () => {
  it('has 22 departments and 340 municipalities', () => {
    expect(DEPARTMENTS).toHaveLength(22);
    expect(MUNICIPALITIES).toHaveLength(340);
  });
  it('validates the CUI check digit and municipality', () => {
    expect(isValidCui('1587564440904')).toBe(true);
    expect(isValidCui('1580352240101')).toBe(true);
    expect(isValidCui('1680352240101')).toBe(false);
    expect(isValidCui('158035224010')).toBe(false);
    expect(isValidCui('1580352242301')).toBe(false);
  });
});

describe('the profile save confirmation', () => {
  it('counts the documents marked for deletion in Spanish, and says nothing more without any', async () => {
    const { profileSaveConfirmText } = await import('../src/candidate-profile.js');
    expect(profileSaveConfirmText(0)).toBeNull();
    expect(profileSaveConfirmText(1)).toBe('Se eliminará 1 documento marcado.');
    expect(profileSaveConfirmText(3)).toBe('Se eliminarán 3 documentos marcados.');
  });
});
