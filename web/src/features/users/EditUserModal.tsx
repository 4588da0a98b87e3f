import { useMutation } from '@apollo/client/react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { staffEmailRule, USER_MESSAGES } from '@bolsa/domain';
import { useState, type FormEvent } from 'react';
import type { Role, StaffUserFieldsFragment } from '../../gql/graphql';
import { normaliseEmail } from './CreateUserForm';
import { failureDetail, toastError, toastSuccess } from './feedback';
import { UPDATE_STAFF_USER } from './operations';
import { asRole, STAFF_ROLE_OPTIONS } from './roles';

interface EditUserModalProps {
  user: StaffUserFieldsFragment;
  domain: string;
  onClose: () => void;
}

/** 'Editar usuario': Nombre, Usuario and Rol; the e-mail rule blocks saving (spec 2 §5). */
export function EditUserModal({ user, domain, onClose }: EditUserModalProps) {
  const rule = staffEmailRule(domain);
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [role, setRole] = useState<Role>(user.role);
  const emailError = email && !rule.test(email) ? rule.inline : null;
  // The answer is a StaffUser with its id: the cache updates the row by itself.
  const [update, { loading }] = useMutation(UPDATE_STAFF_USER);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    if (!name.trim() || !email) {
      toastError(USER_MESSAGES.incompleteTitle, USER_MESSAGES.incomplete);
      return;
    }
    if (!rule.test(email)) {
      toastError(rule.submitTitle, rule.submitMessage);
      return;
    }
    try {
      const { data } = await update({
        variables: { id: user.id, input: { name: name.trim(), email, role, password: null } },
      });
      const result = data?.updateStaffUser;
      if (result?.user) {
        toastSuccess('Usuario actualizado', result.user.name);
        onClose();
        return;
      }
      toastError('No se pudo actualizar', failureDetail(result?.error));
    } catch {
      toastError('No se pudo actualizar', 'Intente nuevamente.');
    }
  };

  return (
    <Modal opened onClose={onClose} title="Editar usuario" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Nombre"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label="Usuario"
            required
            type="email"
            value={email}
            onChange={(e) => setEmail(normaliseEmail(e.currentTarget.value))}
            error={emailError}
          />
          <Select
            label="Rol"
            data={STAFF_ROLE_OPTIONS}
            value={role}
            onChange={(v) => setRole(asRole(v))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={loading} disabled={emailError !== null}>
              Guardar cambios
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
