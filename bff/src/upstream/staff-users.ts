import type { StaffRoleId } from '@bolsa/domain';
import type { RoleRules } from '../normalise/role.js';
import { normaliseStaffUserList, toggledEstatus, type StaffUserDto } from '../normalise/staff-user.js';
import { confirmsSuccess, createdIdOf } from '../normalise/write-answer.js';
import { Cached } from './cached.js';
import { failed, failure, isRecordId, success, type Result } from './failure.js';
import type { Upstream } from './http.js';

export interface StaffUserWrite {
  name: string;
  email: string;
  role: StaffRoleId;
  /** Empty keeps the current password on update. */
  password: string;
}

/**
 * How long the staff directory (names for 'Creada por'/'Editado por') is reused across requests.
 * Short: a renamed user shows everywhere within seconds; writes through this BFF invalidate it.
 */
const DIRECTORY_TTL_MS = 10_000;

/** Usuarios del sistema (spec 2 §7: /usuario, /usuario/actualizar|toggle-estado|eliminar/{id}). */
export class StaffUsersClient {
  /** Every staff user, shared by all requests of this process for a few seconds. */
  readonly directory: Cached<StaffUserDto[]>;

  constructor(
    private readonly http: Upstream,
    private readonly rules: RoleRules,
  ) {
    this.directory = new Cached(DIRECTORY_TTL_MS, () => this.list());
  }

  /** Every staff user, fresh from the api, by name. */
  async list(): Promise<StaffUserDto[]> {
    return normaliseStaffUserList(await this.http.read('/usuario'), this.rules).sort((a, b) =>
      a.name.localeCompare(b.name, 'es'),
    );
  }

  async find(userId: string): Promise<StaffUserDto | null> {
    return (await this.list()).find((u) => u.id === userId) ?? null;
  }

  async create(u: StaffUserWrite): Promise<Result<StaffUserDto>> {
    const r = await this.http.send('/usuario', {
      method: 'POST',
      json: { id: 0, nombre: u.name, usuario_: u.email, clave: u.password, idRol: u.role, estatus: '1' },
    });
    if (!r.ok) return r;
    this.directory.invalidate();
    const newId = createdIdOf(r.value);
    if (!newId) return failed(failure('unconfirmed'));
    return success((await this.find(newId)) ?? { id: newId, name: u.name, email: u.email, roleId: 3, active: true });
  }

  async update(userId: string, u: StaffUserWrite & { active: boolean }): Promise<Result<StaffUserDto | null>> {
    if (!isRecordId(userId)) return failed(failure('not-found'));
    const r = await this.http.send(`/usuario/actualizar/${userId}`, {
      method: 'POST',
      json: {
        id: Number(userId),
        nombre: u.name,
        usuario_: u.email,
        estatus: u.active ? '1' : '0',
        idRol: u.role,
        clave: u.password,
      },
    });
    if (!r.ok) return r;
    this.directory.invalidate();
    return success(await this.find(userId));
  }

  async toggle(userId: string): Promise<Result<StaffUserDto | null>> {
    if (!isRecordId(userId)) return failed(failure('not-found'));
    const r = await this.http.send(`/usuario/toggle-estado/${userId}`, { method: 'POST' });
    if (!r.ok) return r;
    this.directory.invalidate();
    const user = await this.find(userId);
    const active = toggledEstatus(r.value);
    return success(user && active !== null ? { ...user, active } : user);
  }

  async delete(userId: string): Promise<Result<true>> {
    if (!isRecordId(userId)) return failed(failure('not-found'));
    const r = await this.http.send(`/usuario/eliminar/${userId}`, { method: 'POST' });
    if (!r.ok) return r;
    this.directory.invalidate();
    return confirmsSuccess(r.value) ? success(true) : failed(failure('unconfirmed', null, 200));
  }
}
