import { useMutation } from '@apollo/client/react';
import { Button, Card, PasswordInput, Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { staffEmailRule, USER_MESSAGES } from '@bolsa/domain';
import { useState, type FormEvent } from 'react';
import type { Role } from '../../gql/graphql';
import { failureDetail, toastError, toastSuccess } from './feedback';
import { CREATE_STAFF_USER, STAFF_USER_FIELDS } from './operations';
import { asRole, DEFAULT_STAFF_ROLE, STAFF_ROLE_OPTIONS } from './roles';

/** The e-mail is kept trimmed and lower-cased as it is typed (spec 2 §5). */
export const normaliseEmail = (raw: string) => raw.trim().toLowerCase();

export function CreateUserForm({ domain }: { domain: string }) {
  const rule = staffEmailRule(domain);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>(DEFAULT_STAFF_ROLE);
  const emailError = email && !rule.test(email) ? rule.inline : null;

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    if (!name.trim() || !email || !password) {
      toastError(USER_MESSAGES.incompleteTitle, USER_MESSAGES.incomplete);
      return;
    }
    if (!rule.test(email)) {
      toastError(rule.submitTitle, rule.submitMessage);
      return;
    }
    try {
      const { data } = await create({ variables: { input: { name: name.trim(), email, password, role } } });
      const result = data?.createStaffUser;
      if (result?.user) {
        toastSuccess('Usuario creado', result.user.name);
        setName('');
        setEmail('');
        setPassword('');
        setRole(DEFAULT_STAFF_ROLE);
        return;
      }
      toastError('No se pudo crear el usuario', failureDetail(result?.error));
    } catch {
      toastError('No se pudo crear el usuario', 'Intente nuevamente.');
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="nuevo-usuario">
      <Title order={2} size="h4" id="nuevo-usuario" mb="sm">
        Nuevo usuario
      </Title>
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <TextInput
            label="Nombre"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            autoComplete="off"
          />
          <TextInput
            label="Correo electrónico"
            required
            type="email"
            autoComplete="off"
            placeholder={`nombre@${rule.domain}`}
            value={email}
            onChange={(e) => setEmail(normaliseEmail(e.currentTarget.value))}
            error={emailError}
          />
          <PasswordInput
            label="Contraseña"
            required
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }}
          />
          <Select
            label="Rol"
            data={STAFF_ROLE_OPTIONS}
            value={role}
            onChange={(v) => setRole(asRole(v))}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Button
          type="submit"
          mt="md"
          leftSection={<IconUserPlus size={18} aria-hidden />}
          loading={loading}
          disabled={emailError !== null}
        >
          Crear usuario
        </Button>
      </form>
    </Card>
  );
}
