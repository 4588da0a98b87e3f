/** The query GraphiQL opens with (a public one: it answers without a session or a token). */
export const DEFAULT_QUERY = `# Bolsa de Trabajo: API GraphQL
#
# ▶ (o Ctrl+Enter) ejecuta la consulta y
# Ctrl+Espacio sugiere campos. El primer icono
# de la izquierda abre la documentación de
# cada tipo y campo del esquema.
#
# Qué responde:
#  - sin sesión: solo lo público (plazas
#    publicadas, sedes, departamentos…);
#  - con una sesión de personal abierta en este
#    navegador (/reclutadores/login): lo que
#    permite su rol;
#  - con un token de API escrito abajo, en
#    «Headers»: lo que permite el rol del token
#    (se crean en Panel → Usuarios).
#
# Las listas devuelven { items totalCount } y
# aceptan page y pageSize (hasta 100; el
# tablero público, vacancies, hasta 50).

query PrimerasVacantes {
  vacancies(page: 1, pageSize: 6) {
    totalCount
    featuredCount
    items {
      id
      name
      branch { name }
      place
      publishedAt
      featured
      url
    }
  }
}
`;

/**
 * The headers editor's starting text (JSON with comments, as GraphiQL reads it). Headers are not
 * kept in the browser's storage: a token typed here is gone when the tab closes.
 */
export const DEFAULT_HEADERS = `{
  // Con un token de API, quite las // de:
  // "Authorization": "Bearer bolsa_…"
}
`;
