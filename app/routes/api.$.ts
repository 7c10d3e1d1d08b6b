// An /api path that is no endpoint answers like the API does: 404 with a JSON { message }, any method.
const notFound = () => Response.json({ message: "Not found" }, { status: 404 });

export const loader = notFound;
export const action = notFound;
