import { route } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";

// Any /api path that no route claims: a JSON 404 instead of the HTML not-found page.
const notFound = route({ auth: "public" }, async () => {
  throw ApiError.notFound();
});
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
