import { useMutation } from '@apollo/client/react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { USER_MESSAGES } from '@bolsa/domain';
import type { StaffUserFieldsFragment } from '../../gql/graphql';
import { failureDetail, toastError, toastSuccess } from './feedback';
import { UPDATE_STAFF_USER } from './operations';
import { asRole, STAFF_ROLE_OPTIONS } from './roles';
import { normaliseEmail, useStaffUserForm, type StaffUserFormValues } from './staff-user-form';

interface EditUserModalProps {
  user: StaffUserFieldsFragment;
  domain: string;
  /** The viewer's own account: its role cannot be changed (the BFF refuses it), so it is not offered. */
  own?: boolean;
  onClose: () => void;
}

/** 'Editar usuario': Nombre, Usuario and Rol; the e-mail rule blocks saving (spec 2 §5). */
export function EditUserModal({ user, domain, own = false, onClose }: EditUserModalProps) {
  const { form, emailBlocked, fieldError, announceInvalid } = useStaffUserForm(domain, 'update', {
    name: user.name,
    email: user.email,
    password: '',
    role: user.role,
  });
  // The answer is a StaffUser with its id: the cache updates the row by itself.
  const [update, { loading }] = useMutation(UPDATE_STAFF_USER);

  const submit = async ({ name, email, role }: StaffUserFormValues) => {
    if (loading) return;
    try {
      const { data } = await update({
        variables: { id: user.id, input: { name: name.trim(), email, role, password: null } },
      });
      const result = data?.updateStaffUser;
      if (result?.user) {
        toastSuccess(USER_MESSAGES.updated, result.user.name);
        onClose();
        return;
      }
      toastError(USER_MESSAGES.updateFailed, failureDetail(result?.error));
    } catch {
      toastError(USER_MESSAGES.updateFailed, USER_MESSAGES.retry);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Editar usuario" centered>
      <form onSubmit={form.onSubmit((v) => void submit(v), announceInvalid)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Nombre"
            required
            {...form.getInputProps('name')}
            error={fieldError('name')}
            data-autofocus
          />
          <TextInput
            label="Usuario"
            required
            type="email"
            {...form.getInputProps('email')}
            onChange={(e) => form.setFieldValue('email', normaliseEmail(e.currentTarget.value))}
            error={fieldError('email')}
          />
          <Select
            label="Rol"
            data={STAFF_ROLE_OPTIONS}
            value={form.values.role}
            onChange={(v) => form.setFieldValue('role', asRole(v))}
            allowDeselect={false}
            disabled={own}
            description={own ? USER_MESSAGES.ownRole : undefined}
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={loading} disabled={emailBlocked}>
              Guardar cambios
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
