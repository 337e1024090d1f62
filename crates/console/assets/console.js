// Grove console: disclosure buttons, tabs, the group tree (children fetched on demand) and
// the copy button. No dependencies; loaded with `defer` under a strict CSP.
"use strict";
(function () {
  // Disclosure: a button with data-toggle="<id>" shows or hides that element.
  document.querySelectorAll("[data-toggle]").forEach(function (button) {
    var target = document.getElementById(button.getAttribute("data-toggle"));
    if (!target) return;
    button.addEventListener("click", function () {
      var open = target.hasAttribute("hidden");
      if (open) target.removeAttribute("hidden"); else target.setAttribute("hidden", "");
      button.setAttribute("aria-expanded", String(open));
      if (open) {
        var first = target.querySelector("input:not([type=hidden]), select, textarea");
        if (first) first.focus();
      }
    });
  });

  // Tabs (ARIA tabs pattern, automatic activation).
  document.querySelectorAll("[role=tablist]").forEach(function (list) {
    var tabs = Array.prototype.slice.call(list.querySelectorAll("[role=tab]"));
    function select(tab, focus) {
      tabs.forEach(function (t) {
        var on = t === tab;
        t.setAttribute("aria-selected", String(on));
        t.tabIndex = on ? 0 : -1;
        var panel = document.getElementById(t.getAttribute("aria-controls"));
        if (panel) { if (on) panel.removeAttribute("hidden"); else panel.setAttribute("hidden", ""); }
      });
      if (focus) tab.focus();
      var url = new URL(window.location.href);
      url.searchParams.set("tab", tab.id.replace(/^tab-/, ""));
      window.history.replaceState(null, "", url.toString());
    }
    tabs.forEach(function (tab, i) {
      tab.addEventListener("click", function () { select(tab, false); });
      tab.addEventListener("keydown", function (e) {
        var next = null;
        if (e.key === "ArrowRight") next = tabs[(i + 1) % tabs.length];
        else if (e.key === "ArrowLeft") next = tabs[(i - 1 + tabs.length) % tabs.length];
        else if (e.key === "Home") next = tabs[0];
        else if (e.key === "End") next = tabs[tabs.length - 1];
        if (next) { e.preventDefault(); select(next, true); }
      });
    });
  });

  // Copy the value of the input named by data-copy.
  document.querySelectorAll("[data-copy]").forEach(function (button) {
    button.addEventListener("click", function () {
      var input = document.getElementById(button.getAttribute("data-copy"));
      if (!input) return;
      input.select();
      var done = function () { button.textContent = "Copied"; };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(done, function () { document.execCommand("copy"); done(); });
      } else {
        document.execCommand("copy");
        done();
      }
    });
  });

  // The group tree (ARIA tree pattern with a roving tabindex).
  var tree = document.querySelector("[role=tree]");
  if (!tree) return;
  var status = document.createElement("p");
  status.setAttribute("role", "status");
  status.className = "help";
  tree.parentNode.insertBefore(status, tree.nextSibling);

  function visible() {
    return Array.prototype.slice.call(tree.querySelectorAll("[role=treeitem]")).filter(function (item) {
      for (var p = item.parentElement; p && p !== tree; p = p.parentElement) {
        if (p.hasAttribute("hidden")) return false;
      }
      return true;
    });
  }
  function focusItem(item) {
    tree.querySelectorAll("[role=treeitem]").forEach(function (i) { i.tabIndex = -1; });
    item.tabIndex = 0;
    item.focus();
  }
  function load(url, into, replacing, done) {
    status.textContent = "Loading…";
    fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } }).then(function (r) {
      return r.text().then(function (text) { return { ok: r.ok, text: text }; });
    }).then(function (r) {
      if (!r.ok) { status.textContent = r.text; return; }
      if (replacing) replacing.insertAdjacentHTML("beforebegin", r.text); else into.insertAdjacentHTML("beforeend", r.text);
      if (replacing) replacing.remove();
      status.textContent = "";
      if (done) done();
    }, function () { status.textContent = "The groups could not be loaded; check the connection and try again."; });
  }
  function expand(item) {
    var group = item.querySelector(":scope > [role=group]");
    if (!group) return;
    if (item.getAttribute("data-loaded") === "true") {
      group.removeAttribute("hidden");
      item.setAttribute("aria-expanded", "true");
      return;
    }
    load("/console/groups/children?parent=" + encodeURIComponent(item.getAttribute("data-uid")), group, null, function () {
      item.setAttribute("data-loaded", "true");
      if (!group.querySelector("[role=treeitem]")) {
        item.removeAttribute("aria-expanded");
        group.remove();
        status.textContent = item.getAttribute("aria-label") + " has no subgroups.";
        return;
      }
      group.removeAttribute("hidden");
      item.setAttribute("aria-expanded", "true");
    });
  }
  function collapse(item) {
    var group = item.querySelector(":scope > [role=group]");
    if (group) group.setAttribute("hidden", "");
    if (item.hasAttribute("aria-expanded")) item.setAttribute("aria-expanded", "false");
  }
  function activate(item) {
    if (item.classList.contains("more")) {
      var parent = item.parentElement;
      var url = "/console/groups/children?parent=" + encodeURIComponent(item.getAttribute("data-parent")) +
        "&page_token=" + encodeURIComponent(item.getAttribute("data-token"));
      var previous = item.previousElementSibling;
      load(url, parent, item, function () {
        var next = previous ? previous.nextElementSibling : parent.firstElementChild;
        if (next) focusItem(next);
      });
      return;
    }
    window.location.href = item.getAttribute("data-href");
  }
  var first = tree.querySelector("[role=treeitem]");
  if (first) first.tabIndex = 0;
  tree.addEventListener("click", function (e) {
    var item = e.target.closest("[role=treeitem]");
    if (!item) return;
    if (e.target.classList.contains("twisty")) {
      if (item.getAttribute("aria-expanded") === "true") collapse(item); else expand(item);
      focusItem(item);
    } else if (e.target.classList.contains("label")) {
      activate(item);
    }
  });
  tree.addEventListener("keydown", function (e) {
    var item = e.target.closest("[role=treeitem]");
    if (!item) return;
    var items = visible();
    var i = items.indexOf(item);
    var handled = true;
    switch (e.key) {
      case "ArrowDown": if (i + 1 < items.length) focusItem(items[i + 1]); break;
      case "ArrowUp": if (i > 0) focusItem(items[i - 1]); break;
      case "Home": focusItem(items[0]); break;
      case "End": focusItem(items[items.length - 1]); break;
      case "ArrowRight":
        if (item.getAttribute("aria-expanded") === "false") expand(item);
        else if (item.getAttribute("aria-expanded") === "true" && items[i + 1]) focusItem(items[i + 1]);
        break;
      case "ArrowLeft":
        if (item.getAttribute("aria-expanded") === "true") collapse(item);
        else {
          var up = item.parentElement.closest("[role=treeitem]");
          if (up) focusItem(up);
        }
        break;
      case "Enter": activate(item); break;
      default: handled = false;
    }
    if (handled) e.preventDefault();
  });
})();
