// Home page: create a table through the API and go to it (the form works without JS).
const form = document.getElementById("create-form");
const error = document.getElementById("create-error");

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  error.textContent = "";
  try {
    const response = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: data.get("game"), seats: Number(data.get("seats")) }),
    });
    if (response.status !== 201) throw new Error(String(response.status));
    const answer = await response.json();
    location.assign(answer.url);
  } catch {
    error.textContent = document.getElementById("create-failed").content.textContent;
    button.disabled = false;
  }
});
