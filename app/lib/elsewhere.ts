// Where refused items go: the city's écocentres and Recyc-Québec's "Ça va où?" (any item, any town).
export const ECOCENTRES_URL = "https://montreal.ca/lieux?mtl_content.lieux.installation.code=ECOC";
export const CA_VA_OU_URL = "https://www.recyc-quebec.gouv.qc.ca/citoyens/ca-va-ou";
