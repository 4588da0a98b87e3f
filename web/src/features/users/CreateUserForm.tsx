import { useMutation } from '@apollo/client/react';
import { Button, Card, PasswordInput, Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { USER_MESSAGES } from '@bolsa/domain';
import { failureDetail, toastError, toastSuccess } from './feedback';
import { CREATE_STAFF_USER, STAFF_USER_FIELDS } from './operations';
import { asRole, DEFAULT_STAFF_ROLE, STAFF_ROLE_OPTIONS } from './roles';
import { normaliseEmail, useStaffUserForm, type StaffUserFormValues } from './staff-user-form';

const EMPTY: StaffUserFormValues = { name: '', email: '', password: '', role: DEFAULT_STAFF_ROLE };

export function CreateUserForm({ domain }: { domain: string }) {
  const { form, rule, emailBlocked, fieldError, announceInvalid } = useStaffUserForm(domain, 'create', EMPTY);

  const [create, { loading }] = useMutation(CREATE_STAFF_USER, {
    update(cache, { data }) {
      const user = data?.createStaffUser.user;
      if (!user) return;
      cache.modify({
        fields: {
          staffUsers(existing: readonly { __ref: string }[] = []) {
            const ref = cache.writeFragment({
              data: user,
              fragment: STAFF_USER_FIELDS,
              fragmentName: 'StaffUserFields',
            });
            if (!ref || existing.some((r) => r.__ref === ref.__ref)) return existing;
            return [...existing, ref];
          },
        },
      });
    },
  });

  const submit = async ({ name, email, password, role }: StaffUserFormValues) => {
    if (loading) return;
    try {
      const { data } = await create({ variables: { input: { name: name.trim(), email, password, role } } });
      const result = data?.createStaffUser;
      if (result?.user) {
        toastSuccess(USER_MESSAGES.created, result.user.name);
        form.reset();
        return;
      }
      toastError(USER_MESSAGES.createFailed, failureDetail(result?.error));
    } catch {
      toastError(USER_MESSAGES.createFailed, USER_MESSAGES.retry);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="nuevo-usuario">
      <Title order={2} size="h4" id="nuevo-usuario" mb="sm">
        Nuevo usuario
      </Title>
      <form onSubmit={form.onSubmit((v) => void submit(v), announceInvalid)} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <TextInput
            label="Nombre"
            required
            autoComplete="off"
            {...form.getInputProps('name')}
            error={fieldError('name')}
          />
          <TextInput
            label="Correo electrónico"
            required
            type="email"
            autoComplete="off"
            placeholder={`nombre@${rule.domain}`}
            {...form.getInputProps('email')}
            onChange={(e) => form.setFieldValue('email', normaliseEmail(e.currentTarget.value))}
            error={fieldError('email')}
          />
          <PasswordInput
            label="Contraseña"
            required
            autoComplete="new-password"
            {...form.getInputProps('password')}
            error={fieldError('password')}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }}
          />
          <Select
            label="Rol"
            data={STAFF_ROLE_OPTIONS}
            value={form.values.role}
            onChange={(v) => form.setFieldValue('role', asRole(v))}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Button
          type="submit"
          mt="md"
          leftSection={<IconUserPlus size={18} aria-hidden />}
          loading={loading}
          disabled={emailBlocked}
        >
          Crear usuario
        </Button>
      </form>
    </Card>
  );
}
