import './print-summary.css';
import { createPortal } from 'react-dom';
import { todayInGuatemala } from '@bolsa/domain';
import { stateLabel } from '../actions/messages';
import { formatAvailability, formatDate, formatPrintedDate, formatSalary, yesNo } from './format';
import type { CandidateDetailData } from './types';

const orDash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);

function Row({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{orDash(value)}</dd>
    </>
  );
}

function References({ title, items }: { title: string; items: CandidateDetailData['references'] }) {
  return (
    <div>
      <strong>{title}</strong>
      {items.length === 0 ? (
        <p className="muted">Sin referencias.</p>
      ) : (
        <ul>
          {items.map((r, i) => (
            <li key={i}>
              {r.name}
              {r.phone ? ` · ${r.phone}` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The printed summary (spec 3 §2.2): personal information, education, experience, references,
 * applied vacancy, salary expectation and availability; dates dd/mm/yyyy, a year of 1901 or
 * before reading 'Actualidad', amounts in Q with two decimals.
 */
export function PrintSummarySheet({ c }: { c: CandidateDetailData }) {
  const personal = c.references.filter((r) => r.kind === 'PERSONAL');
  const work = c.references.filter((r) => r.kind === 'WORK');
  return (
    <article aria-label={`Resumen de ${c.fullName}`}>
      <header>
        {c.photo && <img src={c.photo.url} alt="" />}
        <div>
          <h1>{c.fullName}</h1>
          <div>Estado: {stateLabel(c.state)}</div>
          <div className="muted">
            Bolsa de Trabajo · Resumen del candidato impreso el {formatDate(todayInGuatemala())}
          </div>
        </div>
      </header>

      <section>
        <h2>Información personal</h2>
        <dl>
          <Row label="DPI" value={c.dpi} />
          <Row label="Correo electrónico" value={c.email} />
          <Row label="Teléfono" value={c.phone} />
          <Row label="Dirección" value={c.address} />
          <Row label="Edad" value={c.age} />
          <Row label="Estado civil" value={c.maritalStatus} />
          <Row label="Fecha de registro" value={formatPrintedDate(c.registeredAt)} />
        </dl>
      </section>

      <section>
        <h2>Educación</h2>
        <dl>
          <Row label="Nivel educativo" value={c.educationLevel} />
          <Row label="Estudia actualmente" value={yesNo(c.studying)} />
        </dl>
      </section>

      <section>
        <h2>Experiencia laboral</h2>
        {c.experiences.length === 0 ? (
          <p>Sin experiencia registrada.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>Puesto</th>
                <th>Empresa</th>
                <th>Desde</th>
                <th>Hasta</th>
              </tr>
            </thead>
            <tbody>
              {c.experiences.map((e, i) => (
                <tr key={i}>
                  <td>{orDash(e.position)}</td>
                  <td>{orDash(e.company)}</td>
                  <td>{orDash(formatPrintedDate(e.from))}</td>
                  <td>{orDash(formatPrintedDate(e.to, e.from ? 'Actualidad' : ''))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section>
        <h2>Referencias</h2>
        <References title="Personales" items={personal} />
        <References title="Laborales" items={work} />
      </section>

      <section>
        <h2>Plaza aplicada</h2>
        {c.vacancies.length === 0 ? (
          <p>Sin definir</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>Plaza</th>
                <th>Puesto</th>
                <th>Sede</th>
                <th>Fecha de aplicación</th>
              </tr>
            </thead>
            <tbody>
              {c.vacancies.map((v, i) => (
                <tr key={i}>
                  <td>{v.name}</td>
                  <td>{orDash(v.position)}</td>
                  <td>{orDash([v.branchName, v.place].filter(Boolean).join(' · '))}</td>
                  <td>{orDash(formatPrintedDate(v.appliedAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section>
        <h2>Pretensión salarial y disponibilidad</h2>
        <dl>
          <Row label="Pretensión salarial" value={formatSalary(c.salaryExpectation, c.negotiable)} />
          <Row label="Disponibilidad" value={formatAvailability(c.availableImmediately)} />
        </dl>
      </section>
    </article>
  );
}

/** Mounted while the detail is on screen; only the print stylesheet makes it visible. */
export function PrintSummary({ c }: { c: CandidateDetailData }) {
  return createPortal(
    // Hidden from assistive technology on screen (display: none does it too; this holds without the stylesheet).
    <div className="candidate-print-summary" aria-hidden="true">
      <PrintSummarySheet c={c} />
    </div>,
    document.body,
  );
}
